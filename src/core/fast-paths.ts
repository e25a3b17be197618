/**
 * The one switch of the fast paths: the hand-written stand-ins for libraries, made for speed,
 * which the runner keeps in `src/runner/fast-paths/`. `SITE_FAST_PATHS=off` turns every one of
 * them off, and each stage takes its library's path (remark and micromark, the `yaml` package, parse5);
 * the output is byte for byte the same (`tests/integration/fast-paths-switch.test.ts`). Being a
 * `SITE_*` variable, it is part of the code fingerprint and of the receipt's request
 * (`siteEnvironment` in `runner/reuse/receipt.ts`): a build with the fast paths off reuses
 * nothing of one with them on.
 */
export const FAST_PATHS_VARIABLE = 'SITE_FAST_PATHS';

/** Whether the fast paths are on: unless the switch says `off`. */
export function fastPathsOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[FAST_PATHS_VARIABLE] !== 'off';
}

/**
 * Where a stage takes one fast path from, through the interface `T` the stage declares: the
 * stage names the place and calls what `get` gives, and the runner puts its stand-in there
 * (`runner/fast-paths/index.ts`), so that no stage imports the runner. `get` gives nothing while
 * the switch is off, or before the runner has put one there: the stage then takes its library's path.
 */
export interface FastPath<T> {
  get(): T | undefined;
  use(fastPath: T): void;
}

export function fastPath<T>(): FastPath<T> {
  let used: T | undefined;
  return {
    get: () => (used !== undefined && fastPathsOn() ? used : undefined),
    use(fastPath) {
      used = fastPath;
    },
  };
}
