import { Worker } from 'node:worker_threads';
import { engineFile } from '../engine-file.ts';
import { writeStagedFileSync } from '../output/write.ts';

/**
 * Writes rendered pages into the staging folder from a thread of its own, so the thread that
 * renders never waits for the disk: creating a page's folder and file costs the system as much
 * as rendering a small page, and more just after a large output was removed (measured with
 * `npm run bench:peers`, 1,000 pages: see docs/performance-history.md). A page is written here, at
 * once, when there are too few to start the thread for, when the thread has more than
 * `MAX_WAITING_BYTES` to write, and if it fails.
 */
export interface PageWriter {
  /** Writes a page into the staging folder; resolves to its stamp (see `writeStagedFileSync`). */
  write(path: string, bytes: Uint8Array): Promise<string>;
  /** Ends the thread once every page sent has been written. */
  close(): Promise<void>;
  /** How many pages the thread wrote (the rest were written here). */
  readonly inThread: number;
}

/** What the thread is sent, and what it answers. */
export interface WriteRequest {
  id: number;
  path: string;
  bytes: Uint8Array;
}
export type WriteReply =
  | { id: number; stamp: string }
  | { id: number; error: Pick<NodeJS.ErrnoException, 'message' | 'code' | 'syscall' | 'path'> };

/** Pages waiting for the thread hold their bytes in memory: beyond this many, the renderer writes its own. */
const MAX_WAITING_BYTES = 64 * 1024 * 1024;

interface Waiting extends WriteRequest {
  resolve(stamp: string): void;
  reject(error: Error): void;
}

/**
 * Pages to write below which the thread is not started: it costs about 0.1 s to start and stop on
 * two cores (`npm run bench:peers`, 10 pages), as much as writing a few hundred pages here.
 */
export const MIN_PAGES_FOR_WRITER = 300;

/** A writer into `dir` (a staging folder on disk), for `pages` pages. */
export function pageWriter(dir: string, pages: number): PageWriter {
  const waiting = new Map<number, Waiting>();
  let waitingBytes = 0;
  let next = 0;
  let inThread = 0;
  let thread: Worker | undefined;
  // Pages are written on this thread: too few to start the thread for, or it failed (what it had
  // not written is written here then), or the writer is closed.
  let onThisThread = pages < MIN_PAGES_FOR_WRITER;
  const writeHere = (path: string, bytes: Uint8Array) => writeStagedFileSync(dir, { path, contents: bytes });
  const settle = (id: number) => {
    const page = waiting.get(id);
    if (page) waitingBytes -= page.bytes.byteLength;
    waiting.delete(id);
    // An idle thread does not keep the process alive; one with pages to write does.
    if (waiting.size === 0) thread?.unref();
    return page;
  };
  const takeOver = () => {
    onThisThread = true;
    for (const id of [...waiting.keys()]) {
      const page = settle(id)!;
      try {
        page.resolve(writeHere(page.path, page.bytes));
      } catch (error) {
        page.reject(error as Error);
      }
    }
  };
  const start = () => {
    const worker = new Worker(engineFile(import.meta.url, './page-writer-thread'), { workerData: { dir } });
    worker.on('message', (reply: WriteReply) => {
      const page = settle(reply.id);
      if (!page) return;
      if ('stamp' in reply) {
        inThread++;
        page.resolve(reply.stamp);
      } else page.reject(Object.assign(new Error(reply.error.message), reply.error));
    });
    worker.on('error', takeOver);
    worker.on('exit', takeOver);
    return worker;
  };
  const write = (path: string, bytes: Uint8Array): Promise<string> => {
    const room = waitingBytes + bytes.byteLength <= MAX_WAITING_BYTES;
    if (!onThisThread && room && !thread) {
      try {
        thread = start();
      } catch {
        onThisThread = true;
      }
    }
    if (onThisThread || !room || !thread) return new Promise((resolve) => resolve(writeHere(path, bytes)));
    const worker = thread;
    worker.ref();
    const id = next++;
    waitingBytes += bytes.byteLength;
    return new Promise((resolve, reject) => {
      waiting.set(id, { id, path, bytes, resolve, reject });
      // A small page's bytes are a view into Node's shared 8 KB pool, which a message would copy
      // whole: the thread is handed a copy of the page alone, moved rather than copied again.
      const own = new Uint8Array(bytes);
      worker.postMessage({ id, path, bytes: own } satisfies WriteRequest, [own.buffer]);
    });
  };
  return {
    write,
    async close() {
      const worker = thread;
      thread = undefined;
      onThisThread = true;
      if (worker) await worker.terminate();
    },
    get inThread() {
      return inThread;
    },
  };
}
