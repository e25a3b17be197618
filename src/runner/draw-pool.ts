import os from 'node:os';
import { createDrawer, type DrawerSetup, type DrawnImage, type DrawTask } from '../og/draw.ts';
import { asError, startPool } from './pool.ts';

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
  onResult?(index: number, result: DrawnImage | Error): void;
}

export interface DrawAllResult {
  /** Per task, the drawn image or the error the template threw. */
  images: Array<DrawnImage | Error>;
  /** How many worker threads started and drew (0: everything was drawn in the main thread). */
  workers: number;
}

/**
 * Draws every task, on every core: worker threads take tasks from one queue, each loading the
 * templates as the main thread does (see `site/code.ts`). A worker that cannot set up its drawer
 * leaves its share to the main thread.
 */
export async function drawAll(tasks: readonly DrawTask[], setup: DrawerSetup, options: DrawAllOptions = {}): Promise<DrawAllResult> {
  const results: Array<DrawnImage | Error | undefined> = new Array(tasks.length);
  const settle = (index: number, result: DrawnImage | Error) => {
    results[index] = result;
    options.onResult?.(index, result);
  };
  const threads = options.threads ?? defaultThreads(tasks.length);
  const drew = new Set<number>();
  if (threads > 0) {
    const pool = startPool({ threads });
    let next = 0;
    // One lane per worker, each taking the next task when its last is drawn. A task that fails
    // (the worker could not load the templates, or died) ends its lane; the main thread draws
    // what is left afterwards.
    const lane = async () => {
      for (let index = next++; index < tasks.length; index = next++) {
        const reply = await pool.run({ kind: 'draw', setup, image: tasks[index]! }).catch(() => undefined);
        if (!reply) return;
        drew.add(reply.thread);
        settle(index, reply.image ?? Object.assign(new Error(reply.error!.message), { stack: reply.error!.stack }));
      }
    };
    await Promise.all(Array.from({ length: threads }, lane)).finally(() => pool.close());
  }
  const left = tasks.flatMap((_, index) => (results[index] === undefined ? [index] : []));
  if (left.length) {
    const draw = await createDrawer(setup).catch(asError);
    for (const index of left) settle(index, draw instanceof Error ? draw : await draw(tasks[index]!).catch(asError));
  }
  return { images: results as Array<DrawnImage | Error>, workers: drew.size };
}

/** One worker per core when there is enough to draw; none (the main thread alone) otherwise. */
export function defaultThreads(taskCount: number, cores = os.availableParallelism()): number {
  if (taskCount < MIN_TASKS_FOR_WORKERS) return 0;
  const threads = Math.min(cores, Math.floor(taskCount / MIN_TASKS_PER_WORKER));
  return threads >= 2 ? threads : 0;
}
