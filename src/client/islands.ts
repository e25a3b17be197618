import { loadIslandRuntime } from 'site:island-runtime';
import { HYDRATE_REQUEST_EVENT, HYDRATED_EVENT } from './events.ts';
import { captureInteraction, type InteractionCapture } from './replay.ts';
import type { IslandRuntime } from './runtime.ts';
import { strategyOf, whenDue } from './strategies.ts';

/** An island root the client knows: waiting for its strategy, or hydrated. */
interface Island {
  /** Set once hydration has begun. */
  started: boolean;
  /** Resolves once it is hydrated (or its hydration failed, which is logged). */
  hydrated?: Promise<void>;
  unmount?: () => void;
  /** Renders it again with other props, its state kept. */
  update?: (props: object) => void;
  /** The props (JSON) it was hydrated with, or is being hydrated with. */
  props?: string;
  capture: InteractionCapture;
  cancel: AbortController;
}

const islands = new Map<HTMLElement, Island>();
/** Roots asked for (`hydrateIsland`) before `scheduleIslands` found them. */
const requested = new Set<HTMLElement>();
let runtime: Promise<IslandRuntime> | undefined;
const report = (error: unknown) => console.error(error);

/**
 * Finds the island roots under `scope` and arms each for its strategy (`data-hydrate`); forgets
 * (unmounts) those that left the page. Every island also hydrates at once on the visitor's first
 * reach for it (pointer, focus, key), and the clicks and keys it missed are replayed to it.
 * Resolves once the islands due at once (`load`) are hydrated. `earlier` are events from before
 * any island listened (see early.ts): an island they reached for hydrates at once and gets them.
 */
export async function scheduleIslands(scope: ParentNode, earlier: readonly Event[] = []): Promise<void> {
  for (const [root, island] of islands) {
    if (root.isConnected) continue;
    island.cancel.abort();
    island.capture.discard();
    island.unmount?.();
    islands.delete(root);
  }
  const due: Array<Promise<void>> = [];
  for (const root of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    if (islands.has(root)) continue;
    const island: Island = {
      started: false,
      cancel: new AbortController(),
      capture: captureInteraction(root, () => void hydrateNow(root)),
    };
    islands.set(root, island);
    // Asked for before it was armed: due at once, though still not before the first paint, and
    // not awaited here: the page is ready (data-ready) without it, as with any island on request.
    const asked = requested.delete(root);
    const strategy = asked ? 'load' : strategyOf(root);
    if (strategy === 'load' && !asked) {
      // Cancelled means begun another way (a reach for it) or gone: either way, awaited no longer.
      const { signal } = island.cancel;
      const begun = new Promise<void>((resolve) => {
        whenDue(root, strategy, signal, resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      due.push(begun.then(() => hydrateNow(root)));
    } else whenDue(root, strategy, island.cancel.signal, () => void hydrateNow(root));
    island.capture.feed(earlier);
  }
  await Promise.all(due);
}

/**
 * Which island roots of the page on screen stay, alive, when the router swaps in `next`: each is
 * paired with the root of `next` it takes the place of. An island with the same name and the same
 * props is the same island (its markup is the same: an island depends only on its props). One of
 * the layout's, outside `<main>`, whose name is on both pages once, hydrated, is the same island
 * with new props (a header that marks the current section): it stays, takes them
 * (`updateKeptIslands`), and keeps its state. Every other island is the new page's own, and
 * hydrates by its strategy: inside `<main>`, an island with other props belongs to another page.
 */
export function keepIslands(next: ParentNode): Array<[kept: HTMLElement, replaced: HTMLElement]> {
  const before = outermostRoots(document);
  const after = outermostRoots(next);
  const pairs: Array<[HTMLElement, HTMLElement]> = [];
  const taken = new Set<HTMLElement>();
  const pair = (kept: HTMLElement, replaced: HTMLElement) => {
    taken.add(kept).add(replaced);
    pairs.push([kept, replaced]);
  };
  for (const root of after) {
    const same = before.find(
      (old) => !taken.has(old) && old.dataset.island === root.dataset.island && old.dataset.props === root.dataset.props,
    );
    if (same) pair(same, root);
  }
  const once = (roots: HTMLElement[], name: string | undefined) => roots.filter((root) => root.dataset.island === name);
  for (const root of after) {
    if (taken.has(root) || root.closest('main')) continue;
    const [old, ...more] = once(before, root.dataset.island);
    if (
      !old ||
      more.length ||
      once(after, root.dataset.island).length !== 1 ||
      taken.has(old) ||
      old.closest('main') ||
      !islands.get(old)?.started
    )
      continue;
    old.dataset.props = root.dataset.props;
    pair(old, root);
  }
  return pairs;
}

/** Renders again, with their new props, the kept islands whose props changed (see `keepIslands`). */
export function updateKeptIslands(): void {
  for (const [root, island] of islands) {
    const props = root.dataset.props ?? '{}';
    if (!root.isConnected || !island.started || island.props === props) continue;
    island.props = props;
    void island.hydrated!.then(() => island.update?.(JSON.parse(props) as object));
  }
}

/** The island roots under `scope` that are not inside another island (an inner one goes wherever its outer one goes). */
function outermostRoots(scope: ParentNode): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>('[data-island]')].filter((root) => !root.parentElement?.closest('[data-island]'));
}

/** Answers `hydrateIsland` (requests.ts) from startup modules and islands. */
export function answerHydrateRequests(): void {
  document.addEventListener(HYDRATE_REQUEST_EVENT, (event) => {
    const root = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-island]') : null;
    if (!root) return;
    event.preventDefault();
    // A startup module asks before the islands are armed: the root hydrates as soon as it is.
    if (islands.has(root)) void hydrateNow(root);
    else requested.add(root);
  });
}

function hydrateNow(root: HTMLElement): Promise<void> {
  const island = islands.get(root);
  if (!island) return Promise.resolve();
  if (island.started) return island.hydrated!;
  island.started = true;
  island.cancel.abort();
  // Read now: the props a kept island is handed later (`updateKeptIslands`) go to it once it is hydrated, never into its hydration.
  island.props = root.dataset.props ?? '{}';
  island.hydrated = (async () => {
    const { hydrate } = await (runtime ??= loadIslandRuntime());
    // The chunk was compiled and run in the task that resolved the import: hydrating starts in a
    // task of its own, so neither holds the main thread long enough to delay an input.
    await yieldToBrowser();
    if (!root.isConnected) return island.capture.discard();
    const props = JSON.parse(island.props!) as object;
    // From here on the component's own listeners take the events (React replays those that come
    // while it hydrates); the ones that came before are replayed once it has.
    island.capture.stop();
    await new Promise<void>((resolve) => {
      const handle = hydrate(root, root.dataset.island ?? '', props, () => {
        root.setAttribute('data-hydrated', '');
        root.dispatchEvent(new CustomEvent(HYDRATED_EVENT));
        queueMicrotask(() => island.capture.replay());
        resolve();
      });
      island.unmount = handle.unmount;
      island.update = handle.update;
    });
  })().catch((error) => {
    island.capture.discard();
    report(error);
  });
  return island.hydrated;
}

/** Resolves in a new task: `scheduler.yield()` where there is one (it keeps the page's place in line), else a zero timeout. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
