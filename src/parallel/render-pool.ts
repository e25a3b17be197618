import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { engineFile } from '../engine-file.ts';
import { loadAnalysis } from '../render/analysis.ts';
import { encodeEntry } from '../content/entry-codec.ts';
import type { Catalogue } from '../content/catalogue.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';
import type { Site } from '../site/definition.ts';
import type { CatalogueMessage, ParsedSource, ParseRequest, RenderedPage, RenderRequest, WireContext, WorkerMessage, WorkerSetup } from './protocol.ts';

const WORKER = engineFile(import.meta.url, './render-worker');

/**
 * Measured with `npm run bench` on two cores shared with other work (load 3 to 4): a worker
 * spends about a second of CPU importing the site and warming up, and a page costs about 3.5 ms
 * to parse and render. The main thread alone built 1,000 case studies in 5 s against 7 s with a
 * worker beside it, 3,000 in 12 s either way, and 10,000 in 26 s against 23 s. Below this
 * many pages the main thread works alone: it has everything loaded already.
 */
export const MIN_PAGES_FOR_WORKERS = 2500;

/** Worker threads to render `pages` pages with: one per core besides the main thread's when there are enough, else none. */
export function defaultRenderThreads(pages: number, cores = os.availableParallelism()): number {
  return pages >= MIN_PAGES_FOR_WORKERS && cores >= 2 ? cores - 1 : 0;
}

/** Batches handed to each worker ahead of its replies. */
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
  /** Sends `catalogue` to each worker now, to decode while the main thread works on; `render` then need not send it (see `CatalogueMessage`). */
  shareCatalogue(catalogue: Catalogue): void;
  /** The catalogue last shared, if any. */
  readonly sharedCatalogue: Catalogue | undefined;
  /** How many workers started and loaded the site (0: none could; work in the main thread). */
  ready(): Promise<number>;
  /** The first error a worker failed to load with, if one did. */
  readonly failure: Error | undefined;
  /**
   * Parses and validates content files, handing each result to `onResult` as it arrives.
   * Resolves to the indices no worker handled (every worker failed or died), for the main thread.
   */
  parse(sources: readonly ParseRequest['batch'][number][], onResult: (result: ParsedSource) => void, here?: (index: number) => void): Promise<number[]>;
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

/**
 * Starts `threads` workers that each load the site once, from the bundle the main thread loaded
 * it from (see `site/code.ts`). A worker that fails to load it leaves its share to the main thread.
 */
export function startRenderPool(setup: WorkerSetup, threads: number, heapLimitMb?: number): RenderPool {
  const resourceLimits = heapLimitMb ? { maxOldGenerationSizeMb: heapLimitMb } : undefined;
  let failure: Error | undefined;
  /** Each worker, and once it has loaded the site, the worker (undefined: it could not). */
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(WORKER, { workerData: setup, resourceLimits });
    const ready = new Promise<Worker | undefined>((resolve) => {
      worker.once('message', (message: WorkerMessage) => resolve(message.type === 'ready' ? worker : undefined));
      worker.once('error', (error: Error) => {
        failure ??= error;
        resolve(undefined);
      });
      worker.once('exit', () => resolve(undefined));
    });
    return { current: worker, ready };
  });
  const live = async () => (await Promise.all(workers.map((slot) => slot.ready))).filter((worker) => worker !== undefined);

  /**
   * Hands out `count` items in batches to whichever worker is free, `first` going to each worker
   * before its first batch. `settle` takes a reply and says which items it settled (none: the
   * worker failed). Resolves to the items left unsettled.
   */
  const spread = async (
    count: number,
    first: unknown,
    request: (batch: number[]) => unknown,
    settle: (message: WorkerMessage, worker: number) => number[] | undefined,
    here?: (item: number) => void,
    sliceMs = MAIN_SLICE_MS,
  ) => {
    const settled = new Set<number>();
    let next = 0;
    const batchSize = Math.max(1, Math.min(32, Math.ceil(count / ((workers.length + 1) * 8))));
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
    // Each worker joins as soon as it has loaded the site; the main thread starts at once.
    await Promise.all([
      alongside(),
      ...workers.map(async ({ ready }, workerIndex) => {
        const worker = await ready;
        if (!worker) return;
        await new Promise<void>((resolve) => {
          const finish = () => {
            worker.off('message', onMessage);
            worker.off('error', finish);
            worker.off('exit', finish);
            resolve();
          };
          let inFlight = 0;
          const feed = () => {
            const batch = take(batchSize);
            if (batch.length > 0) {
              worker.postMessage(request(batch));
              inFlight++;
            } else if (inFlight === 0) finish();
          };
          const onMessage = (message: WorkerMessage) => {
            const done = settle(message, workerIndex);
            if (!done) return finish();
            inFlight--;
            for (const item of done) settled.add(item);
            feed();
          };
          // A worker that fails or dies stops taking work; what it held is left for the main thread.
          worker.on('message', onMessage);
          worker.once('error', finish);
          worker.once('exit', finish);
          if (first !== undefined) worker.postMessage(first);
          // Batches wait in the worker's queue, so it never idles while the main thread, busy
          // with its own share, has yet to read a reply.
          for (let i = 0; i < BATCHES_QUEUED; i++) feed();
        });
      }),
    ]);
    return Array.from({ length: count }, (_, i) => i).filter((i) => !settled.has(i));
  };

  let sharedCatalogue: Catalogue | undefined;
  return {
    get failure() {
      return failure;
    },
    get sharedCatalogue() {
      return sharedCatalogue;
    },
    shareCatalogue(catalogue) {
      sharedCatalogue = catalogue;
      const message: CatalogueMessage = { type: 'catalogue', entries: catalogue.entries.map(encodeEntry) };
      for (const { ready } of workers) void ready.then((worker) => worker?.postMessage(message));
    },
    ready: async () => (await live()).length,
    async parse(sources, onResult, here) {
      const left = await spread(
        sources.length,
        undefined,
        (batch) => ({ type: 'parse', batch: batch.map((i) => ({ ...sources[i]!, index: i })) }) satisfies ParseRequest,
        (message) => {
          if (message.type !== 'parsed') return undefined;
          for (const result of message.results) onResult(result);
          return message.results.map((result) => result.index);
        },
        here,
        MAIN_PARSE_SLICE_MS,
      );
      return left;
    },
    async render(context, indices, onPage, onDerived, here) {
      const position = new Map(indices.map((route, i) => [route, i]));
      // Each worker's string table, as far as its messages have told it.
      const tables = workers.map((): string[] => []);
      const left = await spread(
        indices.length,
        context,
        (batch) => ({ type: 'render', batch: batch.map((i) => indices[i]!) }) satisfies RenderRequest,
        (message, worker) => {
          if (message.type !== 'rendered') return undefined;
          const table = tables[worker]!;
          for (const text of message.strings) table.push(text);
          const text = (n: number) => table[n]!;
          for (const [key, reads] of message.derived) onDerived(key, reads);
          for (const { analysis, reads, ...page } of message.pages) {
            onPage({ ...page, reads: reads.map(text), analysis: analysis && loadAnalysis(analysis, text) });
          }
          return message.pages.map((page) => position.get(page.index)!);
        },
        here && ((i) => here(indices[i]!)),
      );
      return left.map((i) => indices[i]!);
    },
    async close() {
      await Promise.all(workers.map(({ current }) => current.terminate()));
    },
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
  let setup: WorkerSetup | undefined = site.code && { module: site.code.module, contentDir: site.contentDir };
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
