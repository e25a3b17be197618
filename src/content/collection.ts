import type { z } from 'zod';
import type { TrailingSlash } from '../core/urls.ts';
import type { BaseData } from './entry.ts';
import type { SchemaHelpers } from './schema-helpers.ts';

/** A group of content files sharing one schema and, by default, one template. */
export interface CollectionDefinition<T extends BaseData = BaseData> {
  name: string;
  /** Globs relative to the content folder; a file belongs to the first collection that matches. */
  include: string[];
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
  root: string;
  contentDir: string;
  publicDir?: string;
  collections: readonly CollectionDefinition<any>[];
  templates: Readonly<Record<string, unknown>>;
  trailingSlash?: TrailingSlash;
}
