/**
 * The browser-side API islands and startup modules may import. No node: modules here, and no
 * state: islands are bundled apart from the client entry, so each gets its own copy of this.
 */
export { NAVIGATED_EVENT, PRELOAD_ERROR_EVENT } from './events.ts';
export { usePathname } from './location.ts';
export { hydrateIsland, navigate } from './requests.ts';
