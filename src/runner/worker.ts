import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
// First, so that it hears of every child process this thread starts.
import { endChildProcesses } from './child-processes.ts';
import type { Task, TaskResult } from './protocol.ts';

/**
 * The one module every worker thread runs (see `pool.ts`): a task names its kind, and the
 * modules that kind needs are imported on its first task, so a worker that only draws images
 * never loads the renderer, and one that renders never loads the image drawer.
 */
export default async function runTask<T extends Task>(task: T): Promise<TaskResult<T>> {
  return (await run(task)) as TaskResult<T>;
}

async function run(task: Task): Promise<unknown> {
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
