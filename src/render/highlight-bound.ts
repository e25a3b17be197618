import type { Element } from 'hast';
import { say, phrase } from '../diagnostics/catalogue/index.ts';
import type { UnsafeFinding } from '../safety/markdown-safety.ts';

/**
 * The most characters a code block may hold and still be highlighted. Shiki's time and memory
 * grow with a block's length, at about 25 characters a millisecond on a loaded 2-core machine
 * (3.4 MB took 127 s and 1.5 GB, issue 39), so a block at this bound costs seconds at most. The
 * firm's longest block holds under 300 characters; a 2,500-line source file of 40-character lines
 * still fits.
 */
export const MAX_HIGHLIGHTED_CHARACTERS = 100_000;

/** A fence too long to highlight: shown plain, reported as a warning. */
export interface CodeTooLargeFinding extends Omit<UnsafeFinding, 'code'> {
  code: 'code-too-large-to-highlight';
}

/** The warning for a `<pre>` whose code is past the bound, or undefined when it may be highlighted. */
export function tooLargeToHighlight(pre: Element, language: string): CodeTooLargeFinding | undefined {
  const length = textLength(pre);
  if (length <= MAX_HIGHLIGHTED_CHARACTERS) return undefined;
  return {
    code: 'code-too-large-to-highlight',
    line: pre.position?.start.line ?? 1,
    column: pre.position?.start.column ?? 1,
    field: `\`\`\`${language}`,
    ...say('code-too-large-to-highlight', { limit: MAX_HIGHLIGHTED_CHARACTERS }),
    expected: phrase('highlight-bound', { limit: MAX_HIGHLIGHTED_CHARACTERS.toLocaleString('en-US') }),
    actual: `${length.toLocaleString('en-US')} characters`,
  };
}

/** The characters of an element's text, counted without joining it. */
function textLength(node: Element): number {
  let length = 0;
  for (const child of node.children) {
    if (child.type === 'text') length += child.value.length;
    else if (child.type === 'element') length += textLength(child);
  }
  return length;
}
