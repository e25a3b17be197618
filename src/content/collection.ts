import type { z } from 'zod';
import type { TrailingSlash } from '../core/urls.ts';
import type { BaseData } from './entry.ts';
import type { SchemaHelpers } from './schema-helpers.ts';
import type { I18nDefinition } from '../i18n/definition.ts';

/** A group of content files sharing one schema and, by default, one template. */
export interface CollectionDefinition<T extends BaseData = BaseData> {
  name: string;
  /**
   * Globs relative to the content folder; a file belongs to the first collection that matches.
   * Markdown and MDX files are one entry each; data files (`.json`, `.yaml`, `.yml`, `.toml`,
   * `.csv`) one entry if they hold a set of fields, one per item or row if they hold a list
   * (see docs/data.md). A collection has `include` or `load`, not both.
   */
  include?: string[];
  /**
   * Where the entries come from when they are no files: a headless CMS, an HTTP API, a database.
   * Its result is checked by the schema like front matter, and kept in `.site-cache/data/` for
   * `--offline` builds (see docs/data.md).
   */
  load?: (context: LoaderContext) => Promise<readonly LoadedEntry[]> | readonly LoadedEntry[];
  /** When the loader throws, build from its last result (a warning says so) instead of failing (default false). */
  cacheOnError?: boolean;
  /** The URL folder a loader's entries are published under, each at `<urlBase>/<id>` (default `/<name>`). */
  urlBase?: string;
  /** The field that names each entry of a list or CSV data file, or of a loader, and ends its URL (default `id`). */
  idField?: string;
  /** A field of a data file's entries that holds Markdown, rendered as the entry's body (default: none, an empty body). */
  bodyField?: string;
  /**
   * Globs of files the collection leaves out. A file excluded here that no other collection
   * holds is never read or checked: a note, a file named so that it could not be published.
   */
  exclude?: string[];
  schema(helpers: SchemaHelpers): z.ZodType<T>;
  /** The template name, or a function choosing it from the entry's data. */
  template: string | ((data: T) => string);
  /**
   * The fields holding each entry's dates (values of `date()`, which compare as text): feeds date
   * their items by `published` and `updated`, the sitemap's `lastmod` is `updated` else
   * `published`, and the `newest` ordering sorts by `published`. Default: none (undated entries).
   */
  dates?: { published?: string; updated?: string };
  /**
   * Whether the collection takes `.mdx` files (default false). MDX is code: its imports and
   * expressions run when the site is built, so a site says where it accepts MDX, collection by
   * collection, and an `.mdx` file no such collection holds is an error (`mdx-not-enabled`).
   */
  mdx?: boolean;
  /** Whether a file must open with front matter (`required`, the default) or may be plain Markdown (`optional`). */
  frontMatter?: 'required' | 'optional';
  /**
   * Fields computed from the file (its body, its path) when its front matter does not set them,
   * before the schema checks them: `{ title: ({ body }) => firstHeading(body) }`. A function
   * returning `undefined` leaves the field out, so the schema reports it as missing.
   */
  computed?: { [K in keyof NoInfer<T>]?: (file: ContentFile) => unknown };
}

/** One entry as a loader gives it: what a data file's item is. */
export interface LoadedEntry {
  /** Names the entry and ends its URL: letters, digits, `-`, `_`, `.`. */
  id: string;
  /** Its fields, checked by the collection's schema as front matter is; JSON-like values only (they are cached as JSON). */
  data: Record<string, unknown>;
  /** Markdown rendered as the entry's body. */
  body?: string;
}

/** What a loader is given (see `CollectionDefinition.load`). */
export interface LoaderContext {
  /** The collection being loaded. */
  collection: string;
  /** The last build's result of this loader, when one was kept: a loader may ask its source only for what changed. */
  cache: LoaderCache;
  /** Lines for the build's output (shown with --verbose). */
  logger: { info(message: string): void; warn(message: string): void };
  /** The site's settings: its name, origin, root and content folder. */
  site: { name: string; origin: string; root: string; contentDir: string };
}

/** A loader's last result (see `LoaderContext.cache`). */
export interface LoaderCache {
  /** When it was loaded, as an ISO time; undefined when nothing is kept. */
  loadedAt?: string;
  /** The entries it gave. */
  entries: readonly LoadedEntry[];
  /** Each entry's digest by id: equal digests mean equal entries. */
  digests: ReadonlyMap<string, string>;
  get(id: string): LoadedEntry | undefined;
}

/** What a computed field is computed from (see `CollectionDefinition.computed`). */
export interface ContentFile {
  /** The Markdown body, after any front matter. */
  body: string;
  /** The file's path relative to the content folder, with forward slashes: `posts/hello.md`. */
  path: string;
  /** The URL path it is published at: `/posts/hello`. */
  url: string;
  /** Its front matter as written (empty without any). */
  data: Readonly<Record<string, unknown>>;
}

/** What reading content needs of a site: its folders, collections, templates and URL style (a site definition is one). */
export interface ContentSite {
  name?: string;
  /** The language of a site in one language (see `localesOf`). */
  lang?: string;
  /** A multilingual site's locales (see docs/multilingual.md). */
  i18n?: I18nDefinition;
  origin?: string;
  root: string;
  contentDir: string;
  publicDir?: string;
  collections: readonly CollectionDefinition<any>[];
  templates: Readonly<Record<string, unknown>>;
  trailingSlash?: TrailingSlash;
}
