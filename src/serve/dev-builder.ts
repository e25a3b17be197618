import { engineFile } from '../engine-file.ts';
import { asError, startPool } from '../runner/pool.ts';
import type { DevBuildResult, DevBuildSetup } from './dev-build-protocol.ts';

/** The module the build worker runs its builds with (see `dev-build-thread.ts`). */
const BUILD_MODULE = engineFile(import.meta.url, './dev-build-thread');

/** The dev server's builder, in a worker of its own (see `startDevBuilder`). */
export interface DevBuilder {
  /** Runs a build (the first loads the site) and resolves with its outcome. */
  build(): Promise<DevBuildResult>;
  close(): void;
}

/**
 * A warm build worker: a pool of one thread whose build tasks (`dev-build-thread.ts`) share one builder. It loads the
 * site once and keeps the builder, so a content edit re-reads, re-renders and re-sends only what
 * it affects. Template and engine edits need fresh modules, so the dev server replaces the whole
 * worker for those (`close`, then a new one).
 */
export function startDevBuilder(setup: DevBuildSetup): DevBuilder {
  const pool = startPool({ threads: 1 });
  let closed = false;
  return {
    build: () =>
      closed
        ? Promise.resolve(replaced)
        : (pool.run({ kind: 'program', module: BUILD_MODULE, input: setup }) as Promise<DevBuildResult>).catch((error: unknown) => {
            if (closed) return replaced;
            const err = asError(error);
            return { ok: false, report: err.stack ?? err.message, lines: [err.message] };
          }),
    close: () => {
      closed = true;
      // The worker ends its esbuild first: a thread ended while its child runs leaves a zombie (see `runner/child-processes.ts`).
      void pool
        .run({ kind: 'release' })
        .catch(() => {})
        .finally(() => pool.close());
    },
  };
}

const replaced: DevBuildResult = { ok: false, report: 'The build worker was replaced.', lines: [] };
