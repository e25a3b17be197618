import { NAVIGATE_REQUEST_EVENT, NAVIGATED_EVENT, PRELOAD_ERROR_EVENT, type NavigateRequest } from './events.ts';
import { markPageHead, stylesheetUrl, swapBody, swapHead, swapRootAttributes } from './swap.ts';

export interface NavigationHooks {
  /** The elements of the page on screen to keep through the swap to `next`, each with the element of `next` it takes the place of. */
  keep(next: ParentNode): Array<[kept: HTMLElement, replaced: HTMLElement]>;
  /** Called with the new `<body>` once it is in the document. */
  afterSwap(body: HTMLElement): void;
  /** The head's elements as the page's HTML gave them, before any script of the site ran: the router replaces those, never what scripts added. */
  pageHead: readonly Element[];
}

/** The View Transitions API, where the browser has it (Chromium 111+, Safari 18+, Firefox 144+). */
type WithViewTransitions = Document & {
  startViewTransition?: (update: () => void) => { updateCallbackDone: Promise<void>; ready: Promise<void> };
};

const prefetched = new Map<string, Promise<Response>>();
let hooks: Pick<NavigationHooks, 'keep' | 'afterSwap'> = { keep: () => [], afterSwap: () => {} };
let current: AbortController | undefined;
/** The path of the page on screen: history entries that differ from it only in query or hash share its HTML. */
let shownPath = '';

/** Makes same-origin links swap the next page in instead of loading it (`navigation: 'client'`). */
export function startNavigation(navigationHooks: NavigationHooks): void {
  hooks = navigationHooks;
  markPageHead(navigationHooks.pageHead);
  shownPath = location.pathname;
  history.replaceState({ site: true }, '');
  document.addEventListener('click', onClick);
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  // Islands ask through an event (`navigate` in requests.ts): they are bundled apart from this module.
  window.addEventListener(NAVIGATE_REQUEST_EVENT, (event) => {
    const request = (event as CustomEvent<NavigateRequest>).detail;
    event.preventDefault();
    request.done = navigate(request.href, { push: request.push });
  });
  window.addEventListener('popstate', (event) => {
    // A static page is the same file whatever its query or hash, so going back or forward between
    // such entries is the page's own business (an island keeping a filter in the URL listens for
    // popstate); fetching it again would only reset its scroll and focus.
    if (location.pathname === shownPath) return;
    // A browser that animated the way back itself (a swipe) has shown it already.
    void navigate(location.href, {
      push: false,
      animate: !(event as PopStateEvent & { hasUAVisualTransition?: boolean }).hasUAVisualTransition,
    });
  });
}

/**
 * Loads `href` and swaps it in, the whole document but the islands that stay (see `NavigationHooks.keep`),
 * as a view transition unless the visitor prefers reduced motion; on any failure, falls back to a
 * normal page load. Never blanks the page.
 */
export async function navigate(href: string, options: { push?: boolean; animate?: boolean } = {}): Promise<void> {
  const url = new URL(href, location.href);
  current?.abort();
  const controller = (current = new AbortController());
  try {
    const response = await (takePrefetched(url) ?? fetchPage(url));
    const type = response.headers.get('content-type') ?? '';
    if ((!response.ok && response.status !== 404) || !type.includes('text/html'))
      throw new Error(`${url.pathname} answered ${response.status} ${type}`);
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    if (controller.signal.aborted) return;
    if (!next.body.querySelector('main')) throw new Error(`${url.pathname} has no <main> to swap in`);
    if (!(await loadStylesheets(next))) return fallback(url);
    if (controller.signal.aborted) return;
    let body: HTMLElement | undefined;
    const update = () => {
      if (options.push !== false) history.pushState({ site: true }, '', url);
      swapRootAttributes(next);
      swapHead(next);
      body = swapBody(next, hooks.keep(next.body));
      shownPath = url.pathname;
      const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      focusHeading(body.querySelector('main'));
    };
    const transitions = document as WithViewTransitions;
    if (transitions.startViewTransition && options.animate !== false && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
      const transition = transitions.startViewTransition(update);
      // A transition started before this one's animation began (the next click, back or forward)
      // skips it: the page is swapped all the same, and `ready` rejects, which is no error.
      transition.ready.catch(() => {});
      await transition.updateCallbackDone;
    } else update();
    window.dispatchEvent(new CustomEvent(NAVIGATED_EVENT, { detail: { path: url.pathname } }));
    hooks.afterSwap(body!);
  } catch (error) {
    if (controller.signal.aborted) return;
    console.error(error);
    fallback(url);
  }
}

function onClick(event: MouseEvent): void {
  const link = linkFor(event);
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(link.href);
  // A jump within the same page is the browser's job.
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
  event.preventDefault();
  void navigate(url.href);
}

function onIntent(event: Event): void {
  const link = linkFor(event);
  if (!link) return;
  const url = new URL(link.href);
  if (url.pathname === location.pathname || prefetched.has(keyOf(url))) return;
  const request = fetchPage(url);
  prefetched.set(keyOf(url), request);
  // A failed prefetch is forgotten, and the click fetches again.
  request.catch(() => prefetched.delete(keyOf(url)));
  setTimeout(() => prefetched.delete(keyOf(url)), 30_000);
}

/** The same-origin page link an event came from, if the router should handle it. */
function linkFor(event: Event): HTMLAnchorElement | undefined {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  if (link.origin !== location.origin || (link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  if (link.hasAttribute('data-reload') || /\.\w+$/.test(link.pathname)) return undefined;
  return link;
}

function keyOf(url: URL): string {
  return url.pathname + url.search;
}

function takePrefetched(url: URL): Promise<Response> | undefined {
  const request = prefetched.get(keyOf(url));
  prefetched.delete(keyOf(url));
  return request?.then((response) => response.clone());
}

function fetchPage(url: URL): Promise<Response> {
  return fetch(keyOf(url), { headers: { accept: 'text/html' }, credentials: 'same-origin' });
}

/**
 * Links the stylesheets the next page needs that this one lacks and waits for them; false when one
 * failed and nobody handled it. Each goes before the next one in the new page's order that is
 * already here, so the cascade is the new page's.
 */
async function loadStylesheets(next: Document): Promise<boolean> {
  // A stylesheet written into a page (<style data-href>) is the file at that URL, linked when another page needs it.
  const present = new Map(
    [...document.head.children].flatMap((element) => {
      const url = stylesheetUrl(element);
      return url ? [[url, element] as const] : [];
    }),
  );
  const wanted = [...next.head.children].map(stylesheetUrl).filter((url) => url !== undefined);
  const results = await Promise.all(
    wanted
      .map((href, index) => ({ href, before: wanted.slice(index + 1).find((later) => present.has(later)) }))
      .filter(({ href }) => href && !present.has(href))
      .map(
        ({ href, before }) =>
          new Promise<boolean>((resolve) => {
            const link = document.createElement('link');
            link.rel = 'stylesheet';
            link.href = href;
            link.onload = () => resolve(true);
            link.onerror = () => {
              link.remove();
              const event = new CustomEvent(PRELOAD_ERROR_EVENT, { cancelable: true, detail: { path: href } });
              if (window.dispatchEvent(event)) console.error(`Unable to preload CSS for ${href}`);
              resolve(false);
            };
            if (before) present.get(before)!.before(link);
            else document.head.append(link);
            markPageHead([link]);
          }),
      ),
  );
  return results.every(Boolean);
}

function focusHeading(main: HTMLElement | null): void {
  const heading = main?.querySelector('h1');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

function fallback(url: URL): void {
  location.assign(url.href);
}
