import type { Root, RootContent } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/**
 * The line (counted from the body's first line) of the first level-1 heading a Markdown body
 * writes, as `#`, as a `===` underline or as raw `<h1>`; undefined when it writes none. Asked
 * only when a page has too many h1s, so it parses the body again rather than slow every page.
 */
export function firstHeadingLine(markdown: string): number | undefined {
  const tree = unified().use(remarkParse).parse(markdown);
  const lines: number[] = [];
  const visit = (node: Root | RootContent) => {
    if ((node.type === 'heading' && node.depth === 1) || (node.type === 'html' && /<h1[\s>]/i.test(node.value))) {
      const line = node.position?.start.line;
      if (line !== undefined) lines.push(node.type === 'html' ? line + lineWithin(node.value, /<h1[\s>]/i) : line);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return lines.length ? Math.min(...lines) : undefined;
}

/** How many lines into `text` the first match of `pattern` is. */
function lineWithin(text: string, pattern: RegExp): number {
  const index = text.search(pattern);
  return index < 0 ? 0 : text.slice(0, index).split('\n').length - 1;
}
