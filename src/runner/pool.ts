import type { EventEmitter } from 'node:events';
import type { Transferable } from 'node:worker_threads';
import Tinypool from 'tinypool';
import { engineFile } from '../engine-file.ts';
import { engineProvider } from '../site/engine-modules.ts';
import type { Task, TaskResult, WorkerData } from './protocol.ts';

type RunOptions = NonNullable<Parameters<Tinypool['run']>[1]>;

/** The one module every worker thread runs (see `worker.ts`): tasks name their kind. */
const WORKER = engineFile(import.meta.url, './worker');

export interface PoolOptions {
  threads: number;
  /** The old-generation heap each worker may grow to (see `workerHeapLimitMb`). */
  heapLimitMb?: number;
}

/** Worker threads running `Task`s: parse, render, draw, write, or a program's (the dev server's build). */
export interface Pool {
  readonly threads: number;
  /** Runs `task` on the next free worker; what `transfer` lists (a task's `MessagePort`) is moved to it, not copied. */
  run<T extends Task>(task: T, transfer?: Transferable[]): Promise<TaskResult<T>>;
  /** Ends every worker; tasks still running reject. */
  close(): Promise<void>;
}

/**
 * Starts `threads` workers at once (each loads only what its first task needs). A worker that
 * crashes or runs out of heap rejects the task it held; the caller decides what happens to that
 * work (every caller does it on the main thread instead).
 */
export function startPool({ threads, heapLimitMb }: PoolOptions): Pool {
  const pool = new Tinypool({
    filename: WORKER,
    minThreads: threads,
    maxThreads: threads,
    // One task at a time per worker: a render task is a batch of pages, synchronous work.
    concurrentTasksPerWorker: 1,
    // Idle workers keep their event loop running (the dev builder's nested pool needs it),
    // rather than blocking in `Atomics.wait` between tasks.
    useAtomics: false,
    resourceLimits: heapLimitMb ? { maxOldGenerationSizeMb: heapLimitMb } : undefined,
    // A worker gives a site's code the engine this thread gives it (see `site/engine-modules.ts`).
    workerData: { engine: engineProvider() } satisfies WorkerData,
  });
  // A worker that dies between tasks is reported here; with no listener the process would end.
  pool.on('error', () => {});
  for (const worker of pool.threads) completeWrapper(Object.getPrototypeOf(worker));
  let closed = false;
  return {
    threads,
    // tinypool 2.2 types its transfer list after the last of `MessagePort.postMessage`'s overloads
    // (an options object); it hands the list, an array, to `postMessage` as it is.
    run: (task, transfer) => pool.run(task, transfer && ({ transferList: transfer } as RunOptions)),
    async close() {
      if (closed) return;
      closed = true;
      // A worker that failed as the pool closed has nothing left to give back.
      await pool.destroy().catch(() => {});
    },
  };
}

/**
 * tinypool 2.2's `destroy` waits for each worker with `events.once(wrapper, 'exit')`, but its
 * wrapper of a thread has no `removeListener`: a worker failing (out of heap) while the pool
 * closes made `once` throw a TypeError from inside the error event, and the wait never ended
 * (seen in `render-pool.test.ts`, the heap-ceiling case). The wrapper gets the two methods from
 * the thread it wraps.
 */
function completeWrapper(prototype: { removeListener?: unknown; off?: unknown }): void {
  if (typeof prototype.removeListener === 'function') return;
  Object.assign(prototype, {
    removeListener(this: { thread: EventEmitter }, event: string, listener: (...args: unknown[]) => void) {
      this.thread.removeListener(event, listener);
      return this;
    },
    off(this: { thread: EventEmitter }, event: string, listener: (...args: unknown[]) => void) {
      this.thread.off(event, listener);
      return this;
    },
  });
}

/** Turns a value a worker threw (it crossed as a plain object) back into an `Error`. */
export function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (error && typeof error === 'object' && 'message' in error)
    return Object.assign(new Error(String(error.message)), { stack: (error as { stack?: string }).stack });
  return new Error(String(error));
}
