/**
 * Makes the document on screen the one the router fetched, as a full load of its URL would give
 * it (after Astro's ClientRouter, packages/astro/src/transitions/swap-functions.ts): the root's
 * attributes, the head by difference, and the whole body, the elements the caller keeps excepted.
 */

/** Where the page's stylesheet comes from: a `<link>`'s URL, or the URL an inline `<style data-href>` was written from. */
export function stylesheetUrl(element: Element): string | undefined {
  if (element.localName === 'link' && element.getAttribute('rel') === 'stylesheet') return element.getAttribute('href') ?? undefined;
  if (element.localName === 'style') return element.getAttribute('data-href') ?? undefined;
  return undefined;
}

/**
 * `<html>` takes the new page's attributes (`lang`, `dir`). A `data-` attribute the new page does
 * not write stays: those are the client's own state (`data-js`, `data-ready`, a theme a startup
 * module set), which a full load would set again.
 */
export function swapRootAttributes(next: Document): void {
  const root = document.documentElement;
  for (const { name } of [...root.attributes])
    if (!name.startsWith('data-') && !next.documentElement.hasAttribute(name)) root.removeAttribute(name);
  for (const { name, value } of next.documentElement.attributes) root.setAttribute(name, value);
}

/** The head elements that stand for the pages' own markup; any other was added by a script (a startup module's analytics tag) and is left alone. */
const fromPages = new WeakSet<Element>();

/** Marks head elements as the pages' own: the first page's, taken before any script of the site ran, and the stylesheets the router links for a page. */
export function markPageHead(elements: Iterable<Element>): void {
  for (const element of elements) fromPages.add(element);
}

/**
 * The head becomes the new page's: an element both pages have identically stays where it is
 * (nothing reloads or flashes), the old page's others go, the new page's others come. A stylesheet
 * stays when the new page wants its URL, whether linked or written in (the router has linked the
 * ones it lacked, in order, before the swap: see `loadStylesheets` in navigate.ts).
 */
export function swapHead(next: Document): void {
  const title = next.title;
  const wanted = new Set([...next.head.children].map(stylesheetUrl).filter((url) => url !== undefined));
  const incoming = [...next.head.children];
  for (const element of [...document.head.children]) {
    if (!fromPages.has(element)) continue;
    const url = stylesheetUrl(element);
    if (url !== undefined) {
      if (!wanted.has(url)) element.remove();
      continue;
    }
    const twin = incoming.findIndex((candidate) => candidate.isEqualNode(element));
    if (twin >= 0) incoming.splice(twin, 1);
    else element.remove();
  }
  const added = incoming.filter((element) => stylesheetUrl(element) === undefined);
  document.head.append(...added);
  markPageHead(added);
  document.title = title;
}

/**
 * The new page's body replaces the old one, except that each `[kept, replaced]` pair puts the old
 * page's element in the place of the new page's: it is moved, never re-created, so what lives in
 * it (a hydrated island, its state, its listeners) goes on. Kept elements wait under `<html>`
 * meanwhile, still in the document, moved with `moveBefore` where the browser has it.
 */
export function swapBody(next: Document, pairs: ReadonlyArray<readonly [kept: Element, replaced: Element]>): HTMLElement {
  const root = document.documentElement;
  const move = (parent: Node, node: Node, before: Node | null) => {
    const atomic = (parent as { moveBefore?: (node: Node, child: Node | null) => void }).moveBefore;
    if (atomic && node.isConnected && parent.isConnected) atomic.call(parent, node, before);
    else parent.insertBefore(node, before);
  };
  for (const [kept] of pairs) move(root, kept, null);
  // Parsed without scripting, <noscript> holds markup a full load would never show.
  for (const element of next.body.querySelectorAll('noscript')) element.remove();
  const body = document.adoptNode(next.body);
  document.body.replaceWith(body);
  for (const [kept, replaced] of pairs) {
    move(replaced.parentNode!, kept, replaced);
    replaced.remove();
  }
  return body;
}
