import { say } from '../diagnostics/catalogue/index.ts';
import { crowdedInlineLine, MAX_INLINE_MARKERS } from './inline-markers-scan.ts';
import type { UnsafeFinding } from './markdown-safety.ts';
import { tooDeepFinding } from './nesting.ts';
import { tooDeepLine } from './nesting-scan.ts';

/**
 * What would make the Markdown parser take more than linear time, found on the text before it
 * runs: nesting past the limit (nesting-scan.ts), or a paragraph crowded with emphasis and link
 * markers (inline-markers-scan.ts). Such a body is not parsed at all; the finding names its line.
 */
export function unboundedMarkdown(markdown: string): UnsafeFinding | undefined {
  const deep = tooDeepLine(markdown);
  if (deep !== undefined) return { ...tooDeepFinding(), line: deep };
  const crowded = crowdedInlineLine(markdown);
  if (crowded !== undefined)
    return { code: 'invalid-content', line: crowded, column: 1, field: 'body', ...say('invalid-content', { markers: MAX_INLINE_MARKERS }) };
  return undefined;
}
