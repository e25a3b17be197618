import type { Catalogue, Entry } from 'stillsite';
import type { DocData } from './schemas.ts';
import type { StringKey } from './strings.ts';

/**
 * The sidebar's sections, in order: one per folder of `content/` (the pages at the top of it are
 * the first section), each labelled in the page's language by its key in src/strings.ts. A folder
 * not named here gets a section called as the folder is, at the end.
 */
const SECTIONS: ReadonlyArray<{ folder: string; label: StringKey }> = [
  { folder: '', label: 'sidebar.section.' },
  { folder: 'start', label: 'sidebar.section.start' },
  { folder: 'guides', label: 'sidebar.section.guides' },
];

export interface SidebarSection {
  /** A key of src/strings.ts, or the folder's own name. */
  label: { key: StringKey } | { folder: string };
  pages: Array<Entry<DocData>>;
}

/** The page's folder in its language's tree: `/de/start/installation` is in `start`, as `/start/installation` is. */
function folderOf(entry: Entry): string {
  const parts = entry.url.split('/').filter(Boolean);
  if (parts[0] === entry.locale) parts.shift();
  return parts.length > 1 ? parts[0]! : '';
}

/**
 * The sidebar of every language, from the content itself: each language's visible pages in the
 * site's one ordering (by `sort`, then URL), grouped into their folder's section. Computed once
 * per build for every page and language (`catalogue.derive` shares one value across locales, so
 * it holds them all).
 */
export function sidebars(catalogue: Catalogue): Map<string, SidebarSection[]> {
  const byLocale = Map.groupBy(catalogue.collection<DocData>('docs', { locale: '*' }), (page) => page.locale);
  return new Map(
    [...byLocale].map(([locale, pages]) => {
      const folders = [...new Set([...SECTIONS.map((section) => section.folder), ...pages.map(folderOf)])];
      const sections = folders
        .map((folder) => {
          const known = SECTIONS.find((section) => section.folder === folder);
          return { label: known ? { key: known.label } : { folder }, pages: pages.filter((page) => folderOf(page) === folder) };
        })
        .filter((section) => section.pages.length > 0);
      return [locale, sections];
    }),
  );
}

/** The sidebar of one language. */
export function sidebar(catalogue: Catalogue, locale: string): SidebarSection[] {
  return catalogue.derive(sidebars).get(locale) ?? [];
}

/** Every page of a language's sidebar, in the order a reader goes through them (previous/next follow it). */
export function readingOrder(catalogue: Catalogue, locale: string): Array<Entry<DocData>> {
  return sidebar(catalogue, locale).flatMap((section) => section.pages);
}
