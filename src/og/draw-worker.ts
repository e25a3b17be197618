import { parentPort, workerData } from 'node:worker_threads';
import { createDrawer, type DrawerSetup, type DrawTask } from './draw.ts';

/** A task as the pool sends it to a worker. */
export interface WorkerRequest extends DrawTask {
  index: number;
}

/** What a worker answers: ready once its templates are loaded, then one reply per task. */
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'drawn'; index: number; png: Uint8Array }
  | { type: 'failed'; index: number; message: string; stack?: string };

// A failure here (a template this thread cannot import) ends the worker with an error event,
// and the pool draws its share in the main thread instead.
const draw = await createDrawer(workerData as DrawerSetup);
const port = parentPort!;

port.on('message', async (request: WorkerRequest) => {
  try {
    const png = await draw(request);
    port.postMessage({ type: 'drawn', index: request.index, png } satisfies WorkerReply);
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ type: 'failed', index: request.index, message: err.message, stack: err.stack } satisfies WorkerReply);
  }
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);
