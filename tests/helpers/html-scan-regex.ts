/**
 * The engine's first scanner of pages (until it was replaced by the hand-written one in
 * `src/runner/fast-paths/html-scan.ts`), kept as the reference the new one is held to by
 * `tests/property/html-scan.test.ts`. Its own description follows.
 *
 * Reads the ids and link targets of a page the build itself wrote. The HTML comes from two
 * serializers only (react-dom/server and hast-util-to-html), which always quote attributes and
 * escape `<` in text, so start tags can be read with one pattern: a full HTML parser (parse5)
 * costs about fifty times as much per page, which 10,000 pages would feel.
 */

import type { ScannedLink, ScannedPage } from '../../src/render/page-scan.ts';
import { collectElement } from '../../src/render/scan-rules.ts';

const START_TAG = /<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|<!--[\s\S]*?-->/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Elements whose content is text, never markup: skipped whole so `<a` inside a script is not read as a tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'plaintext']);
/** Attribute lists that name an id or a URL somewhere; the rest are not read further. */
const WORTH_READING = /(^|[\s:])(id|name|href|src|srcset|imagesrcset|poster|action|formaction|data|content|cite|background)\s*=/i;

/** Every id (and `<a name>`) and every URL-valued attribute of a page, in document order. */
export function scanHtml(html: string): ScannedPage {
  const ids = new Set<string>();
  const links: ScannedLink[] = [];
  START_TAG.lastIndex = 0;
  for (let match = START_TAG.exec(html); match; match = START_TAG.exec(html)) {
    const tag = match[1]?.toLowerCase();
    if (!tag) continue; // a comment
    if (RAW_TEXT.has(tag)) skipRawText(html, tag);
    // Most tags carry only classes and the like: reading their attributes would be most of the work.
    if (!WORTH_READING.test(match[2] ?? '')) continue;
    const attributes = readAttributes(match[2] ?? '');
    collectElement(tag, attributes, ids, links);
  }
  return { ids, links };
}

/** Moves the scan past the text of a `<script>`, `<style>` or the like, to its closing tag. */
function skipRawText(html: string, tag: string): void {
  const closing = new RegExp(`</${tag}`, 'gi');
  closing.lastIndex = START_TAG.lastIndex;
  START_TAG.lastIndex = closing.exec(html)?.index ?? html.length;
}

function readAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) {
    const name = match[1]!.toLowerCase();
    // As in a browser, the first of two same-named attributes wins.
    if (!attributes.has(name)) attributes.set(name, decodeAttribute(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** The named references the two serializers write; anything else they write as a number. */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(?:#[xX]([0-9a-fA-F]+)|#([0-9]+)|([a-zA-Z]+));/g, (match, hex?: string, decimal?: string, name?: string) => {
    if (name) return NAMED[name] ?? match;
    const code = hex ? Number.parseInt(hex, 16) : Number.parseInt(decimal!, 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
  });
}
