import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { ScannedLink, ScannedPage } from '../../src/render/html-scan.ts';
import { collectElement } from './scan-rules.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * What `scanHtml` (`src/render/html-scan.ts`) stands in for: a page's ids and URL-valued
 * attributes read from parse5's full parse, the tree a browser builds. The rules of what counts
 * are the scan's; only the reading differs. `tests/property/html-scan.test.ts` holds the scan to
 * this on the pages the build writes, and `scripts/bench/fast-paths.ts` compares their costs.
 */
export function scanHtmlWithParse5(html: string): ScannedPage {
  const ids = new Set<string>();
  const links: ScannedLink[] = [];
  walk(parse(html), (element) => {
    const tag = element.tagName;
    const attributes = new Map(element.attrs.map(({ prefix, name, value }) => [prefix ? `${prefix}:${name}` : name, value]));
    collectElement(tag, attributes, ids, links);
  });
  return { ids, links };
}

function walk(node: Node, visit: (element: Element) => void): void {
  if ('tagName' in node) visit(node);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit);
  if (node.nodeName === 'template' && 'content' in node) walk(node.content as Node, visit);
}
