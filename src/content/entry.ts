/** Fields the engine itself reads from every entry; a collection's schema must produce them. */
export interface BaseData {
  title: string;
  /** The page's summary for search engines, link previews and feeds; without one (or empty), none is written. */
  description?: string;
  h1?: string;
  hidden?: boolean;
  sort?: number;
  template?: string;
}

/** One heading of a page's body, for a table of contents (`PageProps.headings`, read by `render/headings.ts`). */
export interface Heading {
  /** 1 to 6, as in `<h2>`. */
  depth: number;
  /** Its text, without markup. */
  text: string;
  /** Its id, the fragment a link to it names (`#install`); none for a heading a component draws without one. */
  id?: string;
}

/** An entry's dates, read from the fields its collection names (see `CollectionDefinition.dates`). */
export interface EntryDates {
  /** When it was first published: what feeds date an item by, and the `newest` ordering sorts by. */
  published?: string;
  /** When it last changed: a feed item's update time and the sitemap's `lastmod` (default: `published`). */
  updated?: string;
}

/** One validated page of content. */
export interface Entry<T extends BaseData = BaseData> {
  collection: string;
  /** The page's URL path, e.g. `/projects/acme`. */
  url: string;
  slug: string;
  /** Absolute path of the source file. */
  file: string;
  /** Path relative to the content folder. */
  relative: string;
  data: T;
  body: string;
  /** Line of the file on which the body starts. */
  bodyLine: number;
  /** A `_name.md` list page: never in menu lists. */
  listPage: boolean;
  /** Built and reachable, but in no menu, listing, count, sitemap or feed. */
  hidden: boolean;
  template: string;
  /** The dates its collection names, when it has them. */
  dates?: EntryDates;
  /** A draft (`draft: true`): only in builds that include drafts (`site serve`, `site build --drafts`), and marked as one on its page. */
  draft?: boolean;
  /**
   * The code of its locale (`de`): its locale folder or suffix, else the default locale. A site
   * without `i18n` has one locale, its `lang` (`en-US`). See docs/multilingual.md.
   */
  locale: string;
  /**
   * What links it to its translations, the same in each locale: its `translationKey` front
   * matter, else its URL as the default locale has it (`/posts/hello-world` for `/de/posts/hello-world`).
   */
  translationKey: string;
  /** Set on a page a locale shows in place of a missing translation (`i18n.fallback`): the original page's URL, its canonical. */
  fallbackOf?: string;
}

/** One page to render. */
export interface Route {
  url: string;
  /** Output path relative to the output folder. */
  outPath: string;
  template: string;
  entry: Entry;
  /** Ask search engines not to index the page (hidden entries). */
  noindex: boolean;
}

/**
 * A page a site derives from its catalogue instead of from a content file: a tag page, an
 * archive, a year. It is planned, rendered, laid out and listed in the sitemap like any page.
 */
export interface DerivedRoute<T extends BaseData = BaseData> {
  /** A clean root-relative URL path: `/projects/industry/retail`. */
  url: string;
  /** A key of `SiteDefinition.templates`. */
  template: string;
  /** The page's data: its title and description like any page's, plus whatever the template reads. */
  data: T;
  /** The catalogue collection the page joins, so templates can list such pages (default `derived`). */
  collection?: string;
  /** Absolute path of the module that declares the route, named in messages (default: the site's root). */
  source?: string;
  /** The page's dates, as an entry's (the sitemap's `lastmod` is `updated`, else `published`). */
  dates?: EntryDates;
  /** Its locale's code (default: the locale whose prefix its URL starts with, else the default locale). */
  locale?: string;
  /** What links it to its translations (default: its URL without the locale prefix, `/tags/x` for `/de/tags/x`). */
  translationKey?: string;
}
