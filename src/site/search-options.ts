import type { Entry } from '../content/entry.ts';

/**
 * What a page adds to the search besides its text: filters a visitor narrows results by (a
 * collection, a tag) and metadata shown with a result (a date). Keys are plain words; values are
 * text, written into the copy of the page the index reads, never into the published page.
 */
export interface SearchFields {
  filters?: Record<string, string | readonly string[]>;
  meta?: Record<string, string>;
}

/** The search's options (`SiteDefinition.search`). */
export interface SearchOptions {
  /**
   * Whether a page is indexed, besides the pages never indexed (drafts, hidden and `noindex`
   * pages, the 404 page, redirects): return false to leave it out (default: every other page).
   */
  include?: (entry: Entry) => boolean;
  /** Filters and metadata of a page, from its entry (its collection, front matter, dates). */
  fields?: (entry: Entry) => SearchFields | undefined;
  /**
   * CSS selectors of parts of the indexed content to leave out (Pagefind's `excludeSelectors`),
   * beside any element marked `data-pagefind-ignore`.
   */
  exclude?: readonly string[];
}

/** The options of a site's search, or undefined when it has none. */
export function searchOptions(search: boolean | SearchOptions | undefined): SearchOptions | undefined {
  if (!search) return undefined;
  return search === true ? {} : search;
}

/** What a filter or metadata key may be: Pagefind reads `key:value`, so a key holds no colon or comma. */
export const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
