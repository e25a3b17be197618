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
 * hydration it is `serverPath`, so the first client render matches the HTML.
 */
export function usePathname(serverPath: string): string {
  return useSyncExternalStore(subscribe, () => location.pathname.replace(/(.)\/$/, '$1'), () => serverPath);
}
