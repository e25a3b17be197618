import path from 'node:path';

/**
 * The folder, under a project's root, where builds keep what later builds reuse. Never read as
 * input (see `safety/input-bounds.ts`), never scaffolded, never an output folder.
 */
export const CACHE_FOLDER = '.site-cache';

/** What the cache folder holds, one folder each: the build state and receipts, social images, image variants, loaders' results, the site's code bundles. */
export type CacheKind = 'build' | 'og' | 'images' | 'data' | 'code';

/** The folder of one kind of cache, relative to the project's root (`.site-cache/og`). */
export function cacheFolder(kind: CacheKind): string {
  return path.join(CACHE_FOLDER, kind);
}
