import { HYDRATE_REQUEST_EVENT, HYDRATED_EVENT, NAVIGATE_REQUEST_EVENT, type NavigateRequest } from './events.ts';

/**
 * Loads `href` in place through the page's router (swapping the page in, pushing a history entry
 * unless `push: false`) when the site navigates on the client, else as an ordinary page load.
 * Resolves when the new page is in.
 */
export function navigate(href: string, options: { push?: boolean } = {}): Promise<void> {
  const request: NavigateRequest = { href, push: options.push };
  const unanswered = window.dispatchEvent(new CustomEvent(NAVIGATE_REQUEST_EVENT, { cancelable: true, detail: request }));
  if (unanswered && options.push === false) location.replace(href);
  else if (unanswered) location.assign(href);
  return request.done ?? Promise.resolve();
}

/**
 * Hydrates the island whose root (`[data-island]`) is or holds `element` now, whatever it was
 * waiting for (idle time, visibility, an interaction); resolves once it is hydrated. For startup
 * modules that need an island's behaviour before the visitor has touched it.
 */
export function hydrateIsland(element: Element): Promise<void> {
  const root = element.closest('[data-island]') ?? element.querySelector('[data-island]');
  if (!root) return Promise.reject(new Error('hydrateIsland: the element is not inside an island.'));
  if (root.hasAttribute('data-hydrated')) return Promise.resolve();
  return new Promise((resolve, reject) => {
    root.addEventListener(HYDRATED_EVENT, () => resolve(), { once: true });
    const unanswered = root.dispatchEvent(new CustomEvent(HYDRATE_REQUEST_EVENT, { bubbles: true, cancelable: true }));
    if (unanswered) reject(new Error(`hydrateIsland: no client is running to hydrate "${root.getAttribute('data-island')}".`));
  });
}
