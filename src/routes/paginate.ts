import { normalizeUrlPath } from '../core/urls.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

/** One page of a list split into pages (see `paginate`). */
export interface Pagination<T> {
  /** The items on this page, in the list's order. */
  items: readonly T[];
  /** This page's number, from 1. */
  page: number;
  /** How many pages there are (at least 1: an empty list still has its page). */
  pages: number;
  /** How many items the list has in all. */
  total: number;
  /** This page's URL path, which is its canonical URL: the list's own for page 1 (`/blog`), then `/blog/2`, `/blog/3`, … */
  url: string;
  /** The previous page's URL path; none on page 1. */
  previous?: string;
  /** The next page's URL path; none on the last page. */
  next?: string;
  /** Every page's URL path, in order: `urls[n - 1]` is page n's, for numbered links. */
  urls: readonly string[];
}

/** How `paginate` splits a list. */
export interface PaginateOptions {
  /** The list's own URL path, page 1's: `/blog`. Page n is at `/blog/n`. */
  url: string;
  /** Items on each page: a whole number, at least 1. */
  perPage: number;
}

/**
 * Splits a list (a collection, in the order asked for) into pages for a list template or derived
 * routes. Page 1 is the list's own URL, never `/blog/1`, so the first page keeps the address it
 * had before the list grew. Throws a `RangeError` on a `perPage` that is not a whole number of
 * at least 1 or a URL that is not root-relative: inside `routes()`, that is a `routes-failed`.
 */
export function paginate<T>(items: readonly T[], options: PaginateOptions): Pagination<T>[] {
  const { perPage } = options;
  if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError(phrase('paginate-per-page', { perPage: String(perPage) }));
  if (typeof options.url !== 'string' || !options.url.startsWith('/'))
    throw new RangeError(phrase('paginate-url', { url: JSON.stringify(options.url) }));
  const base = normalizeUrlPath(options.url);
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const urls = Array.from({ length: pages }, (_, i) => pageUrl(base, i + 1));
  return urls.map((url, i) => ({
    items: items.slice(i * perPage, (i + 1) * perPage),
    page: i + 1,
    pages,
    total: items.length,
    url,
    ...(i > 0 && { previous: urls[i - 1] }),
    ...(i < pages - 1 && { next: urls[i + 1] }),
    urls,
  }));
}

/** The URL path of page `n` of the list at `base`: `base` itself for page 1. */
export function pageUrl(base: string, n: number): string {
  return n === 1 ? base : `${base === '/' ? '' : base}/${n}`;
}
