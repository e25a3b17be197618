/** The browser-side API islands may import. No node: modules here. */
export { NAVIGATED_EVENT, usePathname } from './location.ts';
export { PRELOAD_ERROR_EVENT, navigate } from './navigate.ts';
