import { NAVIGATE_REQUEST_EVENT, NAVIGATED_EVENT, PRELOAD_ERROR_EVENT, type NavigateRequest } from './events.ts';

export interface NavigationHooks {
  /** Called with the new `<main>` after it is in the document. */
  afterSwap(main: HTMLElement): void;
}

const prefetched = new Map<string, Promise<Response>>();
let hooks: NavigationHooks = { afterSwap: () => {} };
let current: AbortController | undefined;
/** The path of the page on screen: history entries that differ from it only in query or hash share its HTML. */
let shownPath = '';

/** Makes same-origin links swap the page under the persistent layout instead of reloading it. */
export function startNavigation(navigationHooks: NavigationHooks): void {
  hooks = navigationHooks;
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
  window.addEventListener('popstate', () => {
    // A static page is the same file whatever its query or hash, so going back or forward between
    // such entries is the page's own business (an island keeping a filter in the URL listens for
    // popstate); fetching it again would only reset its scroll and focus.
    if (location.pathname === shownPath) return;
    void navigate(location.href, { push: false });
  });
}

/** Loads `href` and swaps it in; on any failure, falls back to a normal page load. Never blanks the page. */
export async function navigate(href: string, options: { push?: boolean } = {}): Promise<void> {
  const url = new URL(href, location.href);
  current?.abort();
  const controller = (current = new AbortController());
  try {
    const response = await (takePrefetched(url) ?? fetchPage(url));
    const type = response.headers.get('content-type') ?? '';
    if ((!response.ok && response.status !== 404) || !type.includes('text/html')) throw new Error(`${url.pathname} answered ${response.status} ${type}`);
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    if (controller.signal.aborted) return;
    const newMain = next.querySelector('main');
    if (!newMain) throw new Error(`${url.pathname} has no <main> to swap in`);
    if (!(await loadStylesheets(next))) return fallback(url);
    if (controller.signal.aborted) return;
    if (options.push !== false) history.pushState({ site: true }, '', url);
    swap(next, newMain);
    shownPath = url.pathname;
    const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    focusHeading(newMain);
    window.dispatchEvent(new CustomEvent(NAVIGATED_EVENT, { detail: { path: url.pathname } }));
    hooks.afterSwap(newMain);
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

/** Adds the stylesheets the next page needs and waits for them; false when one failed and nobody handled it. */
async function loadStylesheets(next: Document): Promise<boolean> {
  // A stylesheet written into a page (<style data-href>) is the file at that URL, linked when another page needs it.
  const urls = (scope: ParentNode) =>
    [...scope.querySelectorAll<HTMLElement>('link[rel=stylesheet], style[data-href]')].map((element) => element.getAttribute(element.localName === 'link' ? 'href' : 'data-href') ?? '');
  const have = new Set(urls(document));
  const wanted = urls(next.head);
  const results = await Promise.all(
    wanted
      .filter((href) => href && !have.has(href))
      .map(
        (href) =>
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
            document.head.append(link);
          }),
      ),
  );
  return results.every(Boolean);
}

/** Replaces the page-specific parts: title, meta, canonical, `<main>`, and the body's path. */
function swap(next: Document, newMain: HTMLElement): void {
  document.title = next.title;
  // Structured data describes one page, so it goes with the page like the meta tags.
  const selector = 'meta[name]:not([name=viewport]), meta[property], link[rel=canonical], link[rel=alternate], script[type="application/ld+json"]';
  for (const element of document.head.querySelectorAll(selector)) element.remove();
  const anchor = document.head.querySelector('title');
  for (const element of next.head.querySelectorAll(selector)) anchor?.after(document.importNode(element, true));
  document.querySelector('main')?.replaceWith(document.adoptNode(newMain));
  document.body.dataset.path = next.body.dataset.path ?? '';
}

function focusHeading(main: HTMLElement): void {
  const heading = main.querySelector('h1');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

function fallback(url: URL): void {
  location.assign(url.href);
}
