// Without the table guard: a GFM table tried at the start of every block (see `../without.ts`).
export * from '../../../src/runner/fast-paths/gfm-table-guard.ts';
export function remarkGuardTables(): void {}
