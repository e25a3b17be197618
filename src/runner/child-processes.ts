import type { ChildProcess } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';

/**
 * The child processes this thread started that are still running: esbuild's service, which its
 * first `build` starts (MDX bundles, the site's code, client assets). Node reaps a child from the
 * event loop of the thread that spawned it, so a worker thread ended while its esbuild runs
 * leaves a zombie `[esbuild]` behind (`site serve` had one more after each rebuild that replaced
 * its build worker, see `serve/dev-builder.ts`). Node's `child_process` diagnostics channel
 * names every child spawned in this thread, esbuild's included, without patching anything.
 */
const running = new Set<ChildProcess>();

subscribe('child_process', (message) => {
  const child = (message as { process: ChildProcess }).process;
  running.add(child);
  child.once('exit', () => running.delete(child));
});

/** Stops this thread's esbuild service and resolves once each child it started has exited and been reaped, so the thread may end. */
export async function endChildProcesses(): Promise<void> {
  const { stop } = await import('esbuild');
  await stop();
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          // esbuild's `stop` asked its own; any other child (or one that ignored it) is asked here.
          if (child.exitCode === null && child.signalCode === null) child.kill();
        }),
    ),
  );
}
