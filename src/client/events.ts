/**
 * The names of the events the client's parts talk through. The engine's client entry and the
 * islands' chunk are bundled apart, so anything both use must be a name, never shared state.
 */

/** Fired on `window` after the client router has swapped in a new page; `detail.path` is its path. */
export const NAVIGATED_EVENT = 'site:navigated';

/** Fired on `window` when a page's stylesheet fails to load; cancel it to handle the failure yourself. */
export const PRELOAD_ERROR_EVENT = 'site:preload-error';

/** Fired on `window` to ask the router to load a URL in place; the router cancels it to take the request. */
export const NAVIGATE_REQUEST_EVENT = 'site:navigate';

/** Fired at an island's root to have it hydrated now; the client cancels it to take the request. */
export const HYDRATE_REQUEST_EVENT = 'site:hydrate';

/** Fired at an island's root once it is hydrated (it then also carries `data-hydrated`). */
export const HYDRATED_EVENT = 'site:hydrated';

/** What a navigation request carries; the router sets `done` to the navigation's promise. */
export interface NavigateRequest {
  href: string;
  /** False: replace the current history entry instead of pushing one. */
  push?: boolean;
  done?: Promise<void>;
}

/**
 * The global under which the page's inline bootstrap (render/client-bootstrap.ts) leaves the
 * interactions it kept before the client entry arrived: `{ events, stop() }`.
 */
export const EARLY_INTERACTIONS_GLOBAL = '__siteEarly';

/** Events that show the visitor reaching for the page or an island: the bootstrap keeps them, and any of them hydrates an island at once. */
export const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;
