import type { Node, Parent } from 'unist';
import type { VFile } from 'vfile';
import { unsafeFindings, type UnsafeFinding } from './markdown-safety.ts';
import { say } from '../diagnostics/catalogue/index.ts';

/**
 * How deep content may nest. The parsers and tree walkers recurse once per level, so content
 * nested a few thousand deep runs out of stack, and where exactly depends on how warm the
 * JavaScript engine is: the same file could fail one build and pass the next. A fixed limit far
 * above anything a person writes makes the outcome the same every time.
 */
export const MAX_NESTING = 100;

/** The one report for content nested too deeply, wherever it is noticed (so every build says the same). */
export function tooDeepFinding(): UnsafeFinding {
  return {
    code: 'invalid-content',
    line: 1,
    column: 1,
    field: 'body',
    ...say('invalid-content', { levels: MAX_NESTING }),
  };
}

/**
 * Unified plugin (for Markdown and HTML trees alike): cuts the tree below the nesting limit, so
 * the plugins after it cannot overflow the stack, and notes the cut once. Walks with its own
 * stack, never by recursion.
 */
export function limitNesting() {
  return (tree: Node, file: VFile) => {
    const pending: { node: Node; depth: number }[] = [{ node: tree, depth: 0 }];
    let cut = false;
    while (pending.length) {
      const { node, depth } = pending.pop()!;
      const children = (node as Partial<Parent>).children;
      if (!children?.length) continue;
      if (depth >= MAX_NESTING) {
        (node as Parent).children = [];
        cut = true;
        continue;
      }
      for (const child of children) pending.push({ node: child, depth: depth + 1 });
    }
    const findings = unsafeFindings(file);
    if (cut && !findings.some((finding) => finding.code === 'invalid-content')) findings.push(tooDeepFinding());
  };
}

/**
 * How deeply a YAML text nests: brackets and braces outside quotes, indentation steps, and
 * block sequences opened on one line (`- - - x`). An estimate that never undercounts what makes
 * the yaml package recurse.
 */
export function yamlNestingDepth(text: string): number {
  let deepest = 0;
  let flow = 0;
  const indents: number[] = [];
  for (const line of text.split('\n')) {
    const indent = /^[ \t]*/.exec(line)![0].length;
    if (line.trim() !== '' && !line.trimStart().startsWith('#')) {
      while (indents.length && indents[indents.length - 1]! >= indent) indents.pop();
      indents.push(indent);
    }
    const compact = /^(?:[-?:][ \t]+)*/.exec(line.slice(indent))![0].replace(/[ \t]/g, '').length;
    let quote: string | undefined;
    let previous = ' ';
    for (const char of line) {
      if (quote) {
        if (char === quote) quote = undefined;
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '#' && /\s/.test(previous)) break;
      else if (char === '[' || char === '{') deepest = Math.max(deepest, indents.length + compact + ++flow);
      else if ((char === ']' || char === '}') && flow > 0) flow--;
      previous = char;
    }
    deepest = Math.max(deepest, indents.length + compact + flow);
  }
  return deepest;
}
