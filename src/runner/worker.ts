import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import Tinypool from 'tinypool';
// First, so that it hears of every child process this thread starts.
import { endChildProcesses } from './child-processes.ts';
import type { Task, TaskResult, WorkerData } from './protocol.ts';

/**
 * The one module every worker thread runs (see `pool.ts`): a task names its kind, and the
 * modules that kind needs are imported on its first task, so a worker that only draws images
 * never loads the renderer, and one that renders never loads the image drawer.
 */
export default async function runTask<T extends Task>(task: T): Promise<TaskResult<T>> {
  return (await run(task)) as TaskResult<T>;
}

async function run(task: Task): Promise<unknown> {
  if (task.kind === 'load' || task.kind === 'parse' || task.kind === 'render' || task.kind === 'draw') await provideEngine();
  switch (task.kind) {
    case 'load':
      return (await import('./render-service.ts')).loadSite(task);
    case 'parse':
      return (await import('./render-service.ts')).parseFiles(task);
    case 'render':
      return (await import('./render-service.ts')).renderRoutes(task);
    case 'draw':
      return drawOne(task);
    case 'write':
      return (await import('./page-writer-task.ts')).becomePageWriter(task);
    case 'program':
      return ((await import(pathToFileURL(task.module).href)) as { default: (input: unknown) => Promise<unknown> }).default(task.input);
    case 'release':
      return endChildProcesses();
  }
}

let provided: Promise<unknown> | undefined;

/**
 * The tasks that load a site's code give it the engine this worker's pool was started with (see
 * `site/engine-modules.ts`), imported once; the page writer's thread never loads the engine's API,
 * and a program provides what it needs itself (`serve/dev-build-thread.ts`).
 */
function provideEngine(): Promise<unknown> {
  const { engine } = (Tinypool.workerData ?? {}) as WorkerData;
  provided ??= engine ? import(engine) : Promise.resolve();
  return provided;
}

/**
 * Draws one image. A worker that cannot load the templates rejects the task (it cannot draw, and
 * its share goes to the main thread); a template that throws is that image's error.
 */
async function drawOne({ setup, image }: Extract<Task, { kind: 'draw' }>) {
  const draw = await (await import('../og/draw.ts')).drawerFor(setup);
  try {
    return { thread: threadId, image: await draw(image) };
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    return { thread: threadId, error: { message: err.message, stack: err.stack } };
  }
}
