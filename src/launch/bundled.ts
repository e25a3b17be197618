import { pathToFileURL } from 'node:url';

/**
 * How this run loads TypeScript, which decides how it starts worker threads: through tsx from the
 * process's flags (workers inherit them), through tsx that `bin/site` registered itself, or from
 * a bundle (see `launch.mjs`). In the last two, a worker is given tsx; and a bundled run imports
 * TypeScript outside its bundle (a social-image template) only after registering tsx.
 */
let loading: 'flags' | 'registered' | 'bundle' = 'flags';
const bundledModules = new Map<string, () => Promise<unknown>>();
let tsxRegistered: Promise<unknown> | undefined;

/** Called by `bin/site` when it has registered tsx for this thread only. */
export function tsxRegisteredByLauncher(): void {
  loading = 'registered';
}

/** Called by the bundle's entry: `file` is in the bundle, loaded by `load`. */
export function provideBundledModule(file: string, load: () => Promise<unknown>): void {
  loading = 'bundle';
  bundledModules.set(file, load);
}

/** Imports a module that may be TypeScript: from the bundle when it is there, else from its file, through tsx. */
export async function importModule(file: string): Promise<unknown> {
  const bundled = bundledModules.get(file);
  if (bundled) return bundled();
  if (loading === 'bundle') await (tsxRegistered ??= import('tsx/esm/api').then(({ register }) => register()));
  return import(pathToFileURL(file).href);
}

/** The flags for a worker thread that loads TypeScript: undefined to inherit the process's, which load tsx. */
export function typeScriptWorkerArgv(): string[] | undefined {
  return loading === 'flags' ? undefined : [...process.execArgv, '--import', import.meta.resolve('tsx')];
}
