// Without the autolink guard: every body parsed with all of GFM's autolink literals (see `../without.ts`).
export * from '../../../src/runner/fast-paths/gfm-autolinks.ts';
export function remarkAutolinksWhereNeeded(): void {}
