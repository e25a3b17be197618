import os from 'node:os';
import { serialize } from 'node:v8';
// The fast paths, put where the stages take them from before this thread reads or renders a page.
import './fast-paths/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';
import type { Site } from '../site/definition.ts';
import { asError, startPool } from './pool.ts';
import { storedAnalysis } from './stored-analysis.ts';
import type { ParsedSource, ParseSource, RenderedPage, Shared, SiteSetup, Task, TaskResult, WireContext } from './protocol.ts';

/**
 * Measured with `npm run bench` on two cores shared with other work (load 3 to 4): a worker
 * spends about a second of CPU importing the site and warming up, and a page costs about 3.5 ms
 * to parse and render. The main thread alone built 1,000 case studies in 5 s against 7 s with a
 * worker beside it, 3,000 in 12 s either way, and 10,000 in 26 s against 23 s. Below this
 * many pages the main thread works alone: it has everything loaded already. Measured again on
 * the tinypool runner (1,000 case studies, four alternating pairs, one worker against none): 1.43
 * times the CPU and 1.20 times the wall time. A worker's start-up is mostly loading the engine's
 * modules one file at a time (resolving, reading and type-stripping them: about 0.6 s of its
 * 1.2 s of CPU), not the site, which comes as one bundle (see `site/code.ts`). With the
 * package's dependencies bundled too (`scripts/build-lib.ts`), one worker at 1,000 pages still
 * made the installed build slower: 2.9 s against 2.1 s, four alternating pairs (see
 * docs/performance-history.md, issue 29).
 */
export const MIN_PAGES_FOR_WORKERS = 2500;

/** Worker threads to render `pages` pages with: one per core besides the main thread's when there are enough, else none. */
export function defaultRenderThreads(pages: number, cores = os.availableParallelism()): number {
  return pages >= MIN_PAGES_FOR_WORKERS && cores >= 2 ? cores - 1 : 0;
}

/** Batches handed to the pool for each worker ahead of its results. */
const BATCHES_QUEUED = 2;

/**
 * How long the main thread works on its share before it turns to the workers' replies (it takes
 * one item at a time, so it never holds work the workers could have had). Measured at 10,000
 * pages: turning every few pages (4 pages, about 10 ms) sent the main thread's collector into a
 * state where some 6 MB of each page's parsing survived every young-generation collection and was
 * promoted (1.1 GB over the build against 0.25 GB), costing 2.2 s of pauses instead of 0.6 s and
 * 130 MB of peak memory; turns every 40 ms or more never did, and the workers, a batch ahead, never wait.
 */
const MAIN_SLICE_MS = 50;

/**
 * The same for parsing content files, a fifth of a millisecond each: a worker's two queued
 * batches of 32 last about 11 ms, so in 50 ms slices the main thread left it idle and parsed
 * nine files in ten itself. Shorter slices share the files out (seven in ten here), though at
 * 10,000 files the phase ended no sooner (1.7 to 2.0 s either way): the worker joins after about
 * a second, and its results cost the main thread to take in.
 */
const MAIN_PARSE_SLICE_MS = 5;

export interface RenderPool {
  /** How many workers loaded the site (0: none could; work in the main thread). */
  ready(): Promise<number>;
  /** The first error a worker failed with, if one did. */
  readonly failure: Error | undefined;
  /**
   * Parses and validates content files, handing each result to `onResult` as it arrives.
   * Resolves to the indices no worker handled (every worker failed or died), for the main thread.
   */
  parse(sources: readonly ParseSource[], onResult: (result: ParsedSource) => void, here?: (index: number) => void): Promise<number[]>;
  /**
   * Renders the routes at `indices`, handing each page to `onPage` as it arrives and each derived
   * value's reads to `onDerived`. Resolves to the indices no worker rendered, for the main thread.
   * `here`, when given, is the main thread's own share: it takes items from the same queue (it
   * does the same for `parse`).
   */
  render(
    context: WireContext,
    indices: readonly number[],
    onPage: (page: RenderedPage) => void,
    onDerived: (key: string, reads: string[]) => void,
    here?: (index: number) => void,
  ): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * The old-generation heap a worker may grow to, for a site of `entries` pages. A worker holds
 * the site's code (about 30 MB) and the catalogue (a few KB a page), but left alone V8 lets a
 * busy thread's heap grow to several times that before collecting; a ceiling makes it collect
 * sooner (about 100 MB less per worker at 10,000 pages). Generous on purpose: a tighter one made
 * the collector run all the time (twice the CPU at 160 MB), and running out ends the worker
 * (its work then falls to the main thread).
 */
export function workerHeapLimitMb(entries: number): number {
  return Math.max(256, Math.round(96 + entries * 0.024));
}

let lastShared = 0;
/** Serialises `value` once into memory every worker can read (see `Shared`). */
function share(value: unknown): Shared {
  const bytes = serialize(value);
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return { id: ++lastShared, bytes: shared };
}

/**
 * Starts `threads` workers that each load the site once, from the bundle the main thread loaded
 * it from (see `site/code.ts`). A worker that fails to load it leaves its share to the main thread.
 */
export function startRenderPool(site: SiteSetup, threads: number, heapLimitMb?: number): RenderPool {
  const pool = startPool({ threads, heapLimitMb });
  let failure: Error | undefined;
  const failed = (error: unknown) => void (failure ??= asError(error));
  // Each worker starts loading the site at once, while the main thread reads the content files.
  const loads = Promise.all(Array.from({ length: threads }, () => pool.run({ kind: 'load', site }).then(({ thread }) => thread, failed)));

  const spread: Spread = (count, request, settle, here, sliceMs) =>
    spreadItems({ run: (task) => pool.run(task).catch(failed), threads }, count, request, settle, here, sliceMs);

  return {
    get failure() {
      return failure;
    },
    ready: async () => new Set((await loads).filter((thread) => thread !== undefined)).size,
    parse: (sources, onResult, here) =>
      spread(
        sources.length,
        (batch) => ({ kind: 'parse', site, batch: batch.map((i) => ({ ...sources[i]!, index: i })) }),
        (results) => {
          for (const result of results) onResult(result);
          return results.map((result) => result.index);
        },
        here,
        MAIN_PARSE_SLICE_MS,
      ),
    async render(context, indices, onPage, onDerived, here) {
      const position = new Map(indices.map((route, i) => [route, i]));
      const shared = share(context);
      const take = pageTaker(onPage, onDerived);
      const left = await spread(
        indices.length,
        (batch) => ({ kind: 'render', site, context: shared, batch: batch.map((i) => indices[i]!) }),
        (result) => take(result).map((index) => position.get(index)!),
        here && ((i) => here(indices[i]!)),
      );
      return left.map((i) => indices[i]!);
    },
    close: () => pool.close(),
  };
}

/** Hands out work in batches to the pool's workers and to the main thread (see `spreadItems`). */
type Spread = <T extends Task>(
  count: number,
  request: (batch: number[]) => T,
  settle: (result: TaskResult<T>) => number[],
  here?: (item: number) => void,
  sliceMs?: number,
) => Promise<number[]>;

/** The pool as `spreadItems` uses it: a task's result, or undefined when its worker failed. */
interface Lanes {
  run<T extends Task>(task: T): Promise<TaskResult<T> | undefined>;
  threads: number;
}

/**
 * Hands out `count` items in batches to whichever worker is free, the main thread taking its
 * share from the same queue through `here`. `request` makes a batch's task; `settle` takes its
 * result. A task that fails (its worker failed to load the site, crashed or ran out of heap)
 * ends its lane: its items are left unsettled, for the main thread. Resolves to those items.
 */
async function spreadItems<T extends Task>(
  pool: Lanes,
  count: number,
  request: (batch: number[]) => T,
  settle: (result: TaskResult<T>) => number[],
  here?: (item: number) => void,
  sliceMs = MAIN_SLICE_MS,
): Promise<number[]> {
  const { threads } = pool;
  const settled = new Set<number>();
  let next = 0;
  const batchSize = Math.max(1, Math.min(32, Math.ceil(count / ((threads + 1) * 8))));
  const take = (size: number) => {
    const batch = Array.from({ length: Math.min(size, count - next) }, (_, i) => next + i);
    next += batch.length;
    return batch;
  };
  // The main thread takes items from the same queue, and lets the workers' replies (and the
  // writes they start) through between slices of its own work.
  const alongside = async () => {
    // The workers' first requests go out before the main thread's first slice.
    await new Promise((resolve) => setImmediate(resolve));
    while (here) {
      const started = performance.now();
      let item = take(1)[0];
      if (item === undefined) return;
      for (; item !== undefined; item = performance.now() - started < sliceMs ? take(1)[0] : undefined) {
        here(item);
        settled.add(item);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  // Batches wait in the pool's queue, so no worker idles while the main thread, busy with its
  // own share, has yet to take a result in.
  const lane = async () => {
    for (let batch = take(batchSize); batch.length > 0; batch = take(batchSize)) {
      const result = await pool.run(request(batch));
      if (result === undefined) return;
      for (const item of settle(result)) settled.add(item);
    }
  };
  await Promise.all([alongside(), ...Array.from({ length: threads * BATCHES_QUEUED }, lane)]);
  return Array.from({ length: count }, (_, i) => i).filter((i) => !settled.has(i));
}

/**
 * Takes in a render task's result: its strings into the table of its worker (as far as its
 * results have told it), each derived value's reads to `onDerived`, each page to `onPage`.
 * Returns the routes of the pages it held.
 */
function pageTaker(
  onPage: (page: RenderedPage) => void,
  onDerived: (key: string, reads: string[]) => void,
): (result: TaskResult<Extract<Task, { kind: 'render' }>>) => number[] {
  const tables = new Map<number, string[]>();
  return (result) => {
    let table = tables.get(result.thread);
    if (!table) tables.set(result.thread, (table = []));
    for (const [i, text] of result.strings.entries()) table[result.from + i] = text;
    const text = (n: number) => table[n]!;
    for (const [key, reads] of result.derived) onDerived(key, reads);
    for (const { analysis, reads, ...page } of result.pages) {
      onPage({ ...page, reads: reads.map(text), analysis: analysis && storedAnalysis(analysis, text) });
    }
    return result.pages.map((page) => page.index);
  };
}

/** The warning for a build whose workers all failed to load the site: the pages are right, the build only slower. */
export function workersUnavailable(failure: Error | undefined): Diagnostic {
  return {
    ...diagnose('workers-unavailable', { reason: failure?.message }),
    detail: failure?.stack,
  };
}

/** A pool started only when some stage has enough work for it, then shared by the rest of the build. */
export interface WorkerPool {
  /** The pool, started now if `work` items justify it (and the site names its module); else undefined. */
  get(work: number, entries: number): RenderPool | undefined;
  /** The pool if one was started, without starting one. */
  started(): RenderPool | undefined;
  close(): Promise<void>;
}

/**
 * A lazily started pool for one build; `threads` overrides the one-per-core default (0: never
 * start one). Workers load the site from its code, so a site built in memory (no code) gets none.
 */
export function workerPool(site: Site, threads?: number): WorkerPool {
  let setup: SiteSetup | undefined = site.code && { module: site.code.module, contentDir: site.contentDir };
  let pool: RenderPool | undefined;
  return {
    get(work, entries) {
      if (pool || !setup) return pool;
      const count = threads ?? defaultRenderThreads(work);
      if (count > 0) pool = startRenderPool(setup, count, workerHeapLimitMb(entries));
      return pool;
    },
    started: () => pool,
    async close() {
      await pool?.close();
      // Closed for good: a later stage asking gets no pool rather than a new one.
      setup = undefined;
      pool = undefined;
    },
  };
}
