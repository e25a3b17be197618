import path from 'node:path';

/**
 * The page bundles of the drafts a build leaves out: a draft written as `folder/index.md` (or
 * `.mdx`) below the content folder's root takes the files of its folder with it, as Hugo's leaf
 * bundles do, so its images, their variants and its other files are left out as the page is.
 */
export interface DraftBundles {
  /** The URL of the draft whose bundle holds a file of the content folder (by its relative path), if it is left out. */
  draftOf(relative: string): string | undefined;
}

/** No draft is left out (`site serve`, `site build --drafts`, or no draft at all). */
export const NO_DRAFT_BUNDLES: DraftBundles = { draftOf: () => undefined };

/** A page that is its folder's page: `posts/hello/index.md`. (`_index.md` is a list page, whose folder holds other pages' files.) */
const INDEX_PAGE = /^(.+)\/index\.mdx?$/;

/**
 * The bundles of the drafts left out, from every page file of the content folder (relative paths)
 * and those drafts. A file belongs to the nearest folder above it that has an index page, so a
 * published bundle inside a draft's folder keeps its own files; the content folder's root (the
 * home page's) is no bundle: its files are the whole site's.
 */
export function draftBundles(pages: readonly string[], drafts: ReadonlyArray<{ relative: string; url: string }>): DraftBundles {
  const draftFolders = new Map<string, string>();
  for (const draft of drafts) {
    const folder = INDEX_PAGE.exec(draft.relative)?.[1];
    if (folder) draftFolders.set(folder, draft.url);
  }
  if (!draftFolders.size) return NO_DRAFT_BUNDLES;
  const bundles = new Set(pages.flatMap((page) => INDEX_PAGE.exec(page)?.[1] ?? []));
  return {
    draftOf(relative) {
      for (let folder = path.posix.dirname(relative); folder !== '.' && folder !== '/'; folder = path.posix.dirname(folder)) {
        if (bundles.has(folder)) return draftFolders.get(folder);
      }
      return undefined;
    },
  };
}
