/** When an island hydrates, as its root's `data-hydrate` says (see `Island` in render/island.ts). */
export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction';

const STRATEGIES: readonly string[] = ['load', 'idle', 'visible', 'interaction'];

/** The root's strategy; a missing or unknown value hydrates at once, as every island did before there was a choice. */
export function strategyOf(root: HTMLElement): HydrateStrategy {
  const value = root.dataset.hydrate ?? 'load';
  return (STRATEGIES.includes(value) ? value : 'load') as HydrateStrategy;
}

/**
 * Calls `due` once the root's strategy says it is time, unless `signal` aborts first. Nothing
 * starts before the page has painted once, so an island's code never competes with the first paint.
 * 'interaction' never comes due here: the interaction capture (replay.ts) hydrates every island on
 * its first interaction, whatever its strategy.
 */
export function whenDue(root: HTMLElement, strategy: HydrateStrategy, signal: AbortSignal, due: () => void): void {
  if (strategy === 'interaction') return;
  const fire = () => {
    if (!signal.aborted) due();
  };
  void afterFirstPaint().then(() => {
    if (signal.aborted) return;
    if (strategy === 'load') fire();
    else if (strategy === 'idle') afterLoad(() => whenIdle(fire));
    else whenVisible(root, signal, fire);
  });
}

let painted: Promise<void> | undefined;

/**
 * Resolves once the page has had its first contentful paint, as the browser reports it. Where
 * paint timing is not reported, a frame callback runs just before a paint and a task queued from
 * it just after. A page in a background tab paints nothing: it goes on at once. The timer is a
 * last resort for a page that never paints anything with content.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 3000);
    if (document.visibilityState === 'hidden') return done();
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(done, 0));
    }
  });
  return painted;
}

/** Runs `callback` once the page's own images and styles have loaded: idle work must not take their bandwidth. */
function afterLoad(callback: () => void): void {
  if (document.readyState === 'complete') callback();
  else window.addEventListener('load', () => callback(), { once: true });
}

function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
}

/**
 * Calls `callback` once any of the root's elements enters the viewport. The root is `display:
 * contents` and has no box of its own to observe, so its children are watched (as Astro does).
 * An element hidden with `hidden` or `display: none` never intersects: an island that only
 * appears later (a banner a startup module shows) hydrates when it appears.
 */
function whenVisible(root: HTMLElement, signal: AbortSignal, callback: () => void): void {
  if (root.children.length === 0) return callback();
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    callback();
  });
  for (const child of root.children) observer.observe(child);
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}
