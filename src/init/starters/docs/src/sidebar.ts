import type { Catalogue, Entry } from 'stillsite';
import type { DocData } from './schemas.ts';

/**
 * The sidebar's sections, in order: one per folder of `content/` (the pages at the top of it are
 * the first section). A folder not named here gets a section called as the folder is, at the end.
 */
const SECTIONS: ReadonlyArray<{ folder: string; label: string }> = [
  { folder: '', label: 'Start here' },
  { folder: 'start', label: 'Getting started' },
  { folder: 'guides', label: 'Guides' },
];

export interface SidebarSection {
  label: string;
  pages: Array<Entry<DocData>>;
}

/** The pages' folder: the first part of the URL of a page below a folder, '' for the others. */
function folderOf(entry: Entry): string {
  const parts = entry.url.split('/').filter(Boolean);
  return parts.length > 1 ? parts[0]! : '';
}

/**
 * The sidebar, from the content itself: every visible page in the site's one ordering (by
 * `sort`, then URL), grouped into its folder's section. Computed once per build for every page
 * (`catalogue.derive`).
 */
export function sidebar(catalogue: Catalogue): SidebarSection[] {
  const pages = catalogue.collection<DocData>('docs');
  const folders = [...new Set([...SECTIONS.map((section) => section.folder), ...pages.map(folderOf)])];
  return folders
    .map((folder) => ({
      label: SECTIONS.find((section) => section.folder === folder)?.label ?? folder,
      pages: pages.filter((page) => folderOf(page) === folder),
    }))
    .filter((section) => section.pages.length > 0);
}

/** Every page of the sidebar, in the order a reader goes through them (previous/next follow it). */
export function readingOrder(catalogue: Catalogue): Array<Entry<DocData>> {
  return catalogue.derive(sidebar).flatMap((section) => section.pages);
}
