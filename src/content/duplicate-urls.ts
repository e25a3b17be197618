import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';
import { shownUrl, urlForContentFile } from '../core/urls.ts';

/** A file (its path gives the URL) or an entry of a data file or a loader (it names its URL, and where it is written). */
type Claim = { file: string; relative?: string; label?: string; url?: string; at?: () => { line: number; column: number } };

/**
 * Two files or entries claiming one URL (`a.md` and `a/index.md`, `_index.md` and `index.md`, or
 * `team.yaml`'s `alice` and `team/alice.md`) are an error that lists every one involved. Checked
 * on paths and ids alone, before any entry is validated.
 */
export function checkDuplicateUrls(claims: readonly Claim[]): Diagnostic[] {
  const byUrl = Map.groupBy(claims, (claim) => claim.url ?? urlForContentFile(claim.relative!).url);
  return [...byUrl].flatMap(([url, claimants]) =>
    claimants.length < 2
      ? []
      : claimants.map((claim) => ({
          ...diagnose('duplicate-url', { kind: 'files', url: shownUrl(url) }),
          file: claim.file,
          // Located only on the way to the error: finding where an entry is written may parse its file again.
          ...(claim.at?.() ?? { line: 1 }),
          expected: phrase('one-file-per-url', { url: shownUrl(url) }),
          actual: claimants.map((c) => c.label ?? `content/${c.relative}`).join(', '),
        })),
  );
}
