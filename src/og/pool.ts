import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { engineFile } from '../engine-file.ts';
import { createDrawer, type DrawerSetup, type DrawTask } from './draw.ts';
import type { WorkerReply, WorkerRequest } from './draw-worker.ts';

const WORKER = engineFile(import.meta.url, './draw-worker');

/**
 * A worker spends about 350 ms before its first image (importing satori, resvg and the templates,
 * then warming up) and an image takes about 15 ms, so on two cores workers only win from about
 * 50 stale images on; fewer are drawn in the main thread, which has everything loaded already.
 */
const MIN_TASKS_FOR_WORKERS = 48;
/** Many cores still get a few images per worker, rather than dozens of workers (and their memory) for one each. */
const MIN_TASKS_PER_WORKER = 8;

export interface DrawAllOptions {
  /** Worker threads to use; 0 draws in the main thread (default: one per core, when there is enough work). */
  threads?: number;
  /** Called as each image is finished, with its index in the task list. */
  onResult?(index: number, result: Uint8Array | Error): void;
}

export interface DrawAllResult {
  /** Per task, the PNG bytes or the error the template threw. */
  images: Array<Uint8Array | Error>;
  /** How many worker threads started and drew (0: everything was drawn in the main thread). */
  workers: number;
}

/**
 * Draws every task, on every core: worker threads pull tasks from one queue, each loading the
 * templates as the main thread does (see `site/code.ts`). A worker that cannot start leaves its
 * share to the main thread.
 */
export async function drawAll(tasks: readonly DrawTask[], setup: DrawerSetup, options: DrawAllOptions = {}): Promise<DrawAllResult> {
  const results: Array<Uint8Array | Error | undefined> = new Array(tasks.length);
  const settle = (index: number, result: Uint8Array | Error) => {
    results[index] = result;
    options.onResult?.(index, result);
  };
  const threads = options.threads ?? defaultThreads(tasks.length);
  let workers = 0;
  if (threads > 0) {
    let next = 0;
    const take = () => (next < tasks.length ? next++ : undefined);
    const started = await Promise.all(Array.from({ length: threads }, () => runWorker(tasks, setup, take, settle)));
    workers = started.filter(Boolean).length;
  }
  const left = tasks.flatMap((_, index) => (results[index] === undefined ? [index] : []));
  if (left.length) {
    const draw = await createDrawer(setup).catch(asError);
    for (const index of left) settle(index, draw instanceof Error ? draw : await draw(tasks[index]!).catch(asError));
  }
  return { images: results as Array<Uint8Array | Error>, workers };
}

/**
 * One worker: once ready, it draws tasks until the queue is empty. A task it took but never
 * answered (the worker died) stays unsettled, so the main thread draws it afterwards. Resolves
 * to whether the worker ever became ready.
 */
function runWorker(
  tasks: readonly DrawTask[],
  setup: DrawerSetup,
  take: () => number | undefined,
  settle: (index: number, result: Uint8Array | Error) => void,
): Promise<boolean> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, { workerData: setup });
    let ready = false;
    const feed = () => {
      const index = take();
      if (index === undefined) void worker.terminate();
      else worker.postMessage({ ...tasks[index]!, index } satisfies WorkerRequest);
    };
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') ready = true;
      if (reply.type === 'drawn') settle(reply.index, reply.png);
      if (reply.type === 'failed') settle(reply.index, Object.assign(new Error(reply.message), { stack: reply.stack }));
      feed();
    });
    // An error before `ready` means this thread cannot draw; one later is a crash. Either way the
    // queue carries on without it, and anything it held is drawn in the main thread.
    worker.once('error', () => resolve(ready));
    worker.once('exit', () => resolve(ready));
  });
}

/** One worker per core when there is enough to draw; none (the main thread alone) otherwise. */
export function defaultThreads(taskCount: number, cores = os.availableParallelism()): number {
  if (taskCount < MIN_TASKS_FOR_WORKERS) return 0;
  const threads = Math.min(cores, Math.floor(taskCount / MIN_TASKS_PER_WORKER));
  return threads >= 2 ? threads : 0;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
