import type { Entry } from '../../content/entry.ts';
import { digest } from '../../core/digest.ts';
import type { Route } from '../../routes/routes.ts';

/** What the entry hashes are made from: the content's entries, the pages planned from them, and the MDX bundles. */
export interface HashedSite {
  /** The content's entries, in file order, and each data file's or loader's entry with the hash of what it was made from (`DataResult.hash`). */
  content: { entries: readonly Entry[]; records: ReadonlyMap<Entry, string> };
  /** The hash of a Markdown file's text, by its path relative to the content folder (the content reader's, see `KnownEntry`). */
  fileHash(relative: string): string | undefined;
  /** Every page planned, and the catalogue with the derived pages. */
  routes: { routes: readonly Route[]; catalogue: { entries: readonly Entry[] } };
  /** Each MDX entry's bundle hash, by the entry's file (see `MdxBundles.hashes`). */
  mdx: { hashes: Readonly<Record<string, string>> };
}

/**
 * A hash of each page's entry by URL, which changes when what the page was made from does (see
 * `reuse/page-changes.ts`): a Markdown file's path and text, a data record's path, id and fields,
 * a derived page's data, a fallback page's original and locale; an MDX page's covers its bundle,
 * so an edit to a component an MDX file imports re-renders that page.
 */
export function entryHashes({ content, fileHash, routes, mdx }: HashedSite): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const entry of content.entries) {
    const record = content.records.get(entry);
    const text = record === undefined ? fileHash(entry.relative) : undefined;
    if (record !== undefined) hashes.set(entry.url, record);
    else if (text !== undefined) hashes.set(entry.url, digest(`${entry.relative}\n${text}`));
  }
  // A fallback page changes with its original (as the content gave it: a derived page's is not hashed yet).
  const fallbacks = new Set(routes.routes.flatMap((route) => (route.entry.fallbackOf === undefined ? [] : [route.entry])));
  for (const entry of fallbacks) hashes.set(entry.url, `${hashes.get(entry.fallbackOf!) ?? ''}:${entry.locale}`);
  const fromContent = new Set(content.entries);
  for (const entry of routes.catalogue.entries) if (!fromContent.has(entry)) hashes.set(entry.url, digest(JSON.stringify(entry)));
  for (const entry of routes.catalogue.entries) {
    const bundle = mdx.hashes[entry.file];
    const hash = hashes.get(entry.url);
    if (bundle && hash) hashes.set(entry.url, digest(`${hash}\n${bundle}`));
  }
  return hashes;
}
