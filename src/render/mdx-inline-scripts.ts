import { diagnose } from '../diagnostics/catalogue/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { findInlineCode } from '../security/inline-code.ts';

/**
 * The executable inline scripts in the HTML an MDX body rendered (its components', its
 * expressions' and its shared markup included), as one error at the MDX file: no hash is given to a
 * script content wrote. Data blocks (`application/json`, `application/ld+json`) do not run.
 */
export function mdxInlineScripts(html: string, entry: { file: string; body: string; bodyLine: number }): Diagnostic[] {
  if (!/<script/i.test(html)) return [];
  if (findInlineCode([{ path: entry.file, contents: html }]).scripts.length === 0) return [];
  // The script was rendered: point at where the body most likely writes it, else at its start.
  const index = entry.body.search(/<script|dangerouslySetInnerHTML/);
  const line = index < 0 ? entry.bodyLine : entry.bodyLine + entry.body.slice(0, index).split('\n').length - 1;
  return [{ ...diagnose('mdx-inline-script'), file: entry.file, line, field: '<script>' }];
}
