import { useSyncExternalStore } from 'react';
import { NAVIGATED_EVENT } from './events.ts';

export { NAVIGATED_EVENT };

function subscribe(callback: () => void): () => void {
  window.addEventListener(NAVIGATED_EVENT, callback);
  window.addEventListener('popstate', callback);
  return () => {
    window.removeEventListener(NAVIGATED_EVENT, callback);
    window.removeEventListener('popstate', callback);
  };
}

/**
 * The current path, kept up to date across client-side navigations. On the server and during
 * hydration it is `serverPath`, so the first client render matches the HTML. It is written in
 * `serverPath`'s style (a page URL of the site, with or without a trailing slash, see
 * `trailingSlash`), so it compares equal to the site's page URLs; the root's URL says nothing of
 * the style, and the browser's path is then taken as it is but for a trailing slash the site's
 * pages do not have.
 */
export function usePathname(serverPath: string): string {
  return useSyncExternalStore(
    subscribe,
    () => inStyle(location.pathname, serverPath),
    () => serverPath,
  );
}

/** A path in the style of a page URL of the site: with a trailing slash when that URL has one (the root keeps its own). */
export function inStyle(pathname: string, pageUrl: string): string {
  if (pathname === '/') return pathname;
  if (pageUrl.length > 1 && pageUrl.endsWith('/')) return pathname.replace(/([^/])$/, '$1/');
  if (pageUrl === '/' && slashedSite()) return pathname;
  return pathname.replace(/(.)\/$/, '$1');
}

/** Whether the page's canonical URL ends in a slash past the root: the mark of a site whose URLs all do. */
function slashedSite(): boolean {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical !== undefined && /[^/]\/$/.test(new URL(canonical).pathname);
}
