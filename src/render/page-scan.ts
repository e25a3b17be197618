import { createRequire } from 'node:module';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { fastPath } from '../core/fast-paths.ts';
import { collectElement, type ScannedLink } from './scan-rules.ts';

export type { ScannedLink } from './scan-rules.ts';

const require = createRequire(import.meta.url);

export interface ScannedPage {
  ids: Set<string>;
  links: ScannedLink[];
}

/** A scan, and whether the page may hold code a strict CSP refuses (see `findInlineCode`), judged from the same tags. */
export interface PageScan extends ScannedPage {
  /**
   * False only when no tag has a style or event-handler attribute or a `javascript:` URL, and
   * every `<script>` and `<style>` has one of the shapes the engine writes: then a full parse
   * would find nothing but the engine's own inline stylesheets (`styles`) and bootstrap (`scripts`).
   */
  mayHoldInlineCode: boolean;
  /**
   * The text of each `<style>` of the shape the engine writes for an inline stylesheet
   * (`<style data-href="…">`, no `<` or `&` inside), in document order: all a full parse would find when
   * `mayHoldInlineCode` is false.
   */
  styles: string[];
  /** The text of each inline module of the shape the engine writes for its bootstrap (`<script type="module" data-entry="…">`, no `<` or `&` inside). */
  scripts: string[];
}

/**
 * Reads a page the build wrote without a full parse, or undefined where it cannot. The runner's
 * reads start tags by hand (`runner/fast-paths/html-scan.ts`), 13 to 17 times faster than parse5.
 */
export type PageScanner = (html: string) => PageScan | undefined;

/** The scanner, when the fast paths are on (see `core/fast-paths.ts`). */
export const pageScannerPath = fastPath<PageScanner>();

/**
 * The ids and links of a page the build wrote, and whether it may hold inline code: by the
 * scanner where there is one, else from parse5's full parse, which leaves the inline code to
 * `findInlineCode` (`mayHoldInlineCode` is then always true).
 */
export function scanPage(html: string): PageScan {
  return pageScannerPath.get()?.(html) ?? { ...readPageWithParse5(html), mayHoldInlineCode: true, styles: [], scripts: [] };
}

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * A page's ids and URL-valued attributes read from parse5's full parse, the tree a browser builds;
 * the rules of what counts are the scanner's (`scan-rules.ts`). parse5 is loaded on the first page
 * read so (as `markdown.ts` loads rehype-raw): a build with the fast paths on never loads it here.
 * `parse`: parse5's, as given (a test counts its calls).
 */
export function readPageWithParse5(html: string, parse: typeof import('parse5').parse = parse5()): ScannedPage {
  const ids = new Set<string>();
  const links: ScannedLink[] = [];
  walk(parse(html), (element) => {
    const tag = element.tagName;
    const attributes = new Map(element.attrs.map(({ prefix, name, value }) => [prefix ? `${prefix}:${name}` : name, value]));
    collectElement(tag, attributes, ids, links);
  });
  return { ids, links };
}

function parse5(): typeof import('parse5').parse {
  return (require('parse5') as typeof import('parse5')).parse;
}

function walk(node: Node, visit: (element: Element) => void): void {
  if ('tagName' in node) visit(node);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit);
  if (node.nodeName === 'template' && 'content' in node) walk(node.content as Node, visit);
}
