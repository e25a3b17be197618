import type { Catalogue, Entry } from 'stillsite';

/** One step of a breadcrumb trail. */
export interface Crumb {
  name: string;
  /** Root-relative URL path. */
  url: string;
}

/**
 * Where a page sits: Home, then each ancestor path that is a page, then the page itself; empty
 * for the home page. Both the visible trail and the BreadcrumbList JSON-LD come from here, so
 * they cannot disagree. One lookup per URL segment.
 */
export function breadcrumbTrail(entry: Entry, catalogue: Catalogue): Crumb[] {
  if (entry.url === '/') return [];
  const segments = entry.url.split('/').filter(Boolean);
  const ancestors = segments.slice(0, -1).flatMap((_, i) => catalogue.byPath(`/${segments.slice(0, i + 1).join('/')}`) ?? []);
  return [{ name: 'Home', url: '/' }, ...[...ancestors, entry].map((page) => ({ name: crumbName(page), url: page.url }))];
}

/** A page's short name: its own breadcrumb label, a person's name, else its visible heading, else its title. */
function crumbName(entry: Entry): string {
  const data = entry.data as { breadcrumb?: string; name?: string; h1?: string; title: string };
  return data.breadcrumb ?? data.name ?? data.h1 ?? data.title;
}
