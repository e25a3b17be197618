import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { writeStagedFileSync } from '../output/write.ts';
import { startPool, type Pool } from './pool.ts';
import type { WriteReply, WriteRequest } from './protocol.ts';

/**
 * Writes rendered pages into the staging folder from a thread of its own, so the thread that
 * renders never waits for the disk: creating a page's folder and file costs the system as much
 * as rendering a small page, and more just after a large output was removed (measured with
 * `npm run bench:peers`, 1,000 pages: see docs/performance-history.md). The thread is a worker of
 * the runner's pool given a `write` task (see `page-writer-task.ts`), and the pages go to it on
 * that task's port, one message each: the main thread renders its pages in one synchronous run,
 * during which the pool could hand out no further task, while a port's messages reach the worker
 * as they are sent. A page is written here, at once, when there are too few to start the thread
 * for, when the thread has more than `MAX_WAITING_BYTES` to write, and if it fails.
 */
export interface PageWriter {
  /** Writes a page into the staging folder; resolves to its stamp (see `writeStagedFileSync`). */
  write(path: string, bytes: Uint8Array): Promise<string>;
  /** Ends the thread once every page sent has been written. */
  close(): Promise<void>;
  /** How many pages the thread wrote (the rest were written here). */
  readonly inThread: number;
}

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
  let thread: { pool: Pool; port: MessagePort } | undefined;
  // Pages are written on this thread: too few to start the thread for, or it failed (what it had
  // not written is written here then), or the writer is closed.
  let onThisThread = pages < MIN_PAGES_FOR_WRITER;
  const writeHere = (path: string, bytes: Uint8Array) => writeStagedFileSync(dir, { path, contents: bytes });
  const settle = (id: number) => {
    const page = waiting.get(id);
    if (page) waitingBytes -= page.bytes.byteLength;
    waiting.delete(id);
    // An idle port does not keep the process alive; one with pages to write does.
    if (waiting.size === 0) thread?.port.unref();
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
  const start = () =>
    startWriterThread(dir, takeOver, (reply) => {
      const page = settle(reply.id);
      if (!page) return;
      if ('stamp' in reply) {
        inThread++;
        page.resolve(reply.stamp);
      } else page.reject(Object.assign(new Error(reply.error.message), reply.error));
    });
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
    const { port } = thread;
    port.ref();
    const id = next++;
    waitingBytes += bytes.byteLength;
    return new Promise((resolve, reject) => {
      waiting.set(id, { id, path, bytes, resolve, reject });
      // A small page's bytes are a view into Node's shared 8 KB pool, which a message would copy
      // whole: the thread is handed a copy of the page alone, moved rather than copied again.
      const own = new Uint8Array(bytes);
      port.postMessage({ id, path, bytes: own } satisfies WriteRequest, [own.buffer]);
    });
  };
  return {
    write,
    async close() {
      const open = thread;
      thread = undefined;
      onThisThread = true;
      if (!open) return;
      open.port.close();
      await open.pool.close();
    },
    get inThread() {
      return inThread;
    },
  };
}

/**
 * A pool of one worker given the `write` task for `dir`, and this side of the task's port, on
 * which `onReply` hears each page's answer. `onEnd` is told when the worker cannot write: the port
 * closes when the worker ends (it failed, or ran out of heap), and the task fails if it never starts.
 */
function startWriterThread(dir: string, onEnd: () => void, onReply: (reply: WriteReply) => void): { pool: Pool; port: MessagePort } {
  const pool = startPool({ threads: 1 });
  const { port1: port, port2: theirs } = new MessageChannel();
  port.on('message', onReply);
  port.on('close', onEnd);
  pool.run({ kind: 'write', dir, port: theirs }, [theirs]).catch(onEnd);
  return { pool, port };
}
