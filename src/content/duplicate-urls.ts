import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';
import { urlForContentFile } from '../core/urls.ts';

/**
 * Two files claiming one URL (`a.md` and `a/index.md`, or `_index.md` and `index.md`) are an
 * error that lists every file involved. Checked on paths alone, before any file is validated.
 */
export function checkDuplicateUrls(files: readonly { file: string; relative: string }[]): Diagnostic[] {
  const claims = Map.groupBy(files, (source) => urlForContentFile(source.relative).url);
  return [...claims].flatMap(([url, claimants]) =>
    claimants.length < 2
      ? []
      : claimants.map((source) => ({
          ...diagnose('duplicate-url', { kind: 'files', url }),
          file: source.file,
          line: 1,
          expected: `one file for the URL ${url}`,
          actual: claimants.map((c) => `content/${c.relative}`).join(', '),
        })),
  );
}
