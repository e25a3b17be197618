import { compareText } from '../diagnostics/diagnostics.ts';

/** What the one ordering looks at. */
export interface Sortable {
  url: string;
  data: { sort?: number };
  /** Its publication date, for `compareNewestFirst` (see `EntryDates`). */
  dates?: { published?: string };
}

/**
 * The site's one ordering: by `sort` ascending; entries with a sort before entries without;
 * ties and missing values broken by URL path, compared by code unit (never by locale).
 * Replaces the original site's comparison, which returned a boolean when sorts were missing.
 */
export function compareEntries(a: Sortable, b: Sortable): number {
  const sa = a.data.sort;
  const sb = b.data.sort;
  if (sa !== undefined && sb !== undefined && sa !== sb) return sa - sb;
  if (sa !== undefined && sb === undefined) return -1;
  if (sa === undefined && sb !== undefined) return 1;
  return compareText(a.url, b.url);
}

/** Newest publication date first (the field the collection names in `dates.published`); entries without one last; ties broken by URL path. */
export function compareNewestFirst(a: Sortable, b: Sortable): number {
  const da = a.dates?.published;
  const db = b.dates?.published;
  if (da !== db) {
    if (da === undefined) return 1;
    if (db === undefined) return -1;
    return compareText(db, da);
  }
  return compareText(a.url, b.url);
}
