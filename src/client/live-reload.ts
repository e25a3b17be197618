// Dev server only: reload when a good build changed this page or its code, show an overlay while the build is broken.
const events = new EventSource('/__site/events');
let overlay: HTMLElement | undefined;
let lastVersion: number | 'broken' | undefined;

/** What the server says of each good build: undefined `changed` means the whole output was replaced. */
interface BuildEvent {
  version: number;
  changed?: string[];
  /** Changed pages that differ only inside `<main>`. */
  soft?: string[];
  /** The new `<main>` of those pages, when there are few. */
  mains?: Record<string, string>;
}

/** Output files that could hold the page at this URL path (`/a/b` is `a/b/index.html` or `a/b.html`). */
function pageFiles(pathname: string): string[] {
  const trimmed = decodeURIComponent(pathname).replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? ['index.html'] : [`${trimmed}/index.html`, `${trimmed}.html`, trimmed];
}

const CODE = /\.(css|js|woff2?)$/;
const IMAGE = /\.(svg|png|jpe?g|webp|avif|gif)$/;

/** Whether this page shows the image file (social images, for one, appear only in meta tags). */
function showsImage(file: string): boolean {
  const url = `/${file}`;
  return [...document.querySelectorAll<HTMLImageElement | HTMLSourceElement>('img, source')].some(
    (element) =>
      element.getAttribute('src') === url ||
      (element.getAttribute('srcset') ?? '').split(',').some((candidate) => candidate.trim().split(/\s+/)[0] === url),
  );
}

/** How this page should take a build: not at all, by swapping its `<main>` in place, or by reloading. */
function updateFor({ changed, soft = [] }: BuildEvent): 'none' | 'swap' | 'reload' {
  if (!changed) return 'reload';
  const mine = pageFiles(location.pathname);
  // Feeds, the sitemap and other pages change with most edits; a page needs only its own file, the code and the images it shows.
  if (changed.some((file) => CODE.test(file) || (IMAGE.test(file) && showsImage(file)))) return 'reload';
  if (!changed.some((file) => mine.includes(file))) return 'none';
  return soft.some((file) => mine.includes(file)) ? 'swap' : 'reload';
}

/**
 * Swaps in the new `<main>` without a reload (faster, and keeps the scroll position): the one the
 * server sent along, else asked for. Reloads when it holds islands.
 */
async function swapMain(sent: string | undefined): Promise<void> {
  try {
    const response = sent === undefined ? await fetch(location.pathname, { cache: 'no-store' }) : undefined;
    if (response && !response.ok) return location.reload();
    const next = new DOMParser().parseFromString(sent ?? (await response!.text()), 'text/html').querySelector('main');
    const main = document.querySelector('main');
    if (!next || !main || next.querySelector('[data-island]')) return location.reload();
    const adopted = document.importNode(next, true);
    main.replaceWith(adopted);
    for (const img of adopted.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
      if (img.complete) img.setAttribute('data-loaded', '');
      else img.addEventListener('load', () => img.setAttribute('data-loaded', ''), { once: true });
    }
  } catch {
    location.reload();
  }
}

events.addEventListener('ok', (event) => {
  const build = JSON.parse((event as MessageEvent<string>).data) as BuildEvent;
  if (lastVersion !== undefined && build.version !== lastVersion) {
    const update = lastVersion === 'broken' ? 'reload' : updateFor(build);
    if (update === 'reload') location.reload();
    else if (update === 'swap')
      void swapMain(
        pageFiles(location.pathname)
          .map((file) => build.mains?.[file])
          .find((main) => main !== undefined),
      );
  }
  lastVersion = build.version;
  overlay?.remove();
  overlay = undefined;
});

events.addEventListener('error-report', (event) => {
  overlay?.remove();
  overlay = document.createElement('div');
  overlay.setAttribute('role', 'alert');
  overlay.id = 'site-build-error';
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(16,33,58,.96);color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap';
  const title = document.createElement('strong');
  title.textContent = 'The build failed. Fix the file and save; this page reloads by itself.\n\n';
  overlay.append(title, document.createTextNode((event as MessageEvent<string>).data));
  document.body.append(overlay);
  lastVersion = 'broken';
});
