import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { DefaultTreeAdapterTypes } from 'parse5';

const require = createRequire(import.meta.url);
/** parse5, loaded (synchronously) for the first page parsed in full: most builds parse none. */
let parse: typeof import('parse5').parse | undefined;

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** Markup in a page that a strict Content-Security-Policy refuses to apply or run. */
export interface BlockedInlineCode {
  /** Output path of the page, such as `about/company/index.html`. */
  page: string;
  /** The start tag it sits on, shortened: `<section class="hero">`. */
  element: string;
  /** `style`, `onclick`, `href`, … */
  attribute: string;
  value: string;
}

/** What a build's pages contain inline: hashes to allow, and what no hash can allow. */
export interface InlineCode {
  /** `'sha256-…'` of each distinct inline script (data blocks such as JSON-LD excluded: browsers never run them). */
  scripts: string[];
  /** `'sha256-…'` of each distinct `<style>` element. */
  styles: string[];
  /** Style attributes, event-handler attributes and `javascript:` URLs, which a CSP without 'unsafe-inline' blocks. */
  blocked: BlockedInlineCode[];
}

/** Script types a browser runs (classic JavaScript MIME types, modules) or reads under script-src (import maps, speculation rules). */
const SCRIPT_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  ...[
    'application/ecmascript',
    'application/javascript',
    'application/x-ecmascript',
    'application/x-javascript',
    'text/ecmascript',
    'text/javascript',
    'text/jscript',
    'text/livescript',
    'text/x-ecmascript',
    'text/x-javascript',
  ],
  ...['1.0', '1.1', '1.2', '1.3', '1.4', '1.5'].map((v) => `text/javascript${v}`),
]);
/** Attributes whose `javascript:` URLs run code (and a strict CSP refuses). */
export const SCRIPT_URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data']);

/**
 * Finds the inline code in HTML pages, parsing each in full; pages are read in the order given,
 * results are sorted. Rendered pages are parsed only when their scan for links finds a tag that
 * may hold some (`mayHoldInlineCode` in `render/page-scan.ts`); other HTML files, which people
 * write, always are.
 */
export function findInlineCode(pages: Iterable<{ path: string; contents: string | Uint8Array }>): InlineCode {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const blocked: BlockedInlineCode[] = [];
  for (const page of pages) {
    const html = typeof page.contents === 'string' ? page.contents : Buffer.from(page.contents).toString('utf8');
    parse ??= (require('parse5') as typeof import('parse5')).parse;
    walk(parse(html), (element) => {
      if (element.nodeName === 'script' && !hasAttribute(element, 'src') && SCRIPT_TYPES.has(scriptType(element)))
        scripts.add(hashOf(textOf(element)));
      if (element.nodeName === 'style') styles.add(hashOf(textOf(element)));
      for (const { name: local, prefix, value } of element.attrs) {
        const name = prefix ? `${prefix}:${local}` : local;
        const runsCode = name === 'style' || /^on[a-z]/.test(name) || (SCRIPT_URL_ATTRIBUTES.has(name) && isJavaScriptUrl(value));
        if (runsCode) blocked.push({ page: page.path, element: startTag(element), attribute: name, value });
      }
    });
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort(), blocked };
}

/** The CSP source for a piece of inline code: `'sha256-<base64>'` of its exact text. */
export function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The `<script>` tags the engine writes: JSON-LD data blocks, and external scripts with no event
 * handler, style attribute or colon in their URL (`javascript:`) and nothing inside. A rendered
 * page with other scripts is parsed for inline code.
 */
const KNOWN_SCRIPT_TAG =
  /<script type="application\/ld\+json">|<script(?: (?!on|style)[a-z-]+="[^"<>]*")*? src="[^"<>:]*"(?: (?!on|style)[a-z-]+="[^"<>]*")*><\/script>/y;

/** The `<script>` tag the engine writes for its bootstrap (`render/client-bootstrap.ts`), which names the client entry. */
const KNOWN_BOOTSTRAP_TAG = /<script type="module" data-entry="[^"<>]*">/y;

/** The `<style>` tag the engine writes for an inline stylesheet (`AssetManifest.inline`), its URL in `data-href`. */
const KNOWN_STYLE_TAG = /<style data-href="[^"<>]*">/y;

/** Whether the `<style` at `at` begins the tag the engine writes for an inline stylesheet. */
export function isKnownStyleTag(html: string, at: number): boolean {
  KNOWN_STYLE_TAG.lastIndex = at;
  return KNOWN_STYLE_TAG.test(html);
}

/** Whether the `<script` at `at` begins the tag of the engine's bootstrap. */
export function isKnownBootstrapTag(html: string, at: number): boolean {
  KNOWN_BOOTSTRAP_TAG.lastIndex = at;
  return KNOWN_BOOTSTRAP_TAG.test(html);
}

/** Whether the `<script` at `at` begins one of the shapes the engine writes. */
export function isKnownScriptTag(html: string, at: number): boolean {
  KNOWN_SCRIPT_TAG.lastIndex = at;
  return KNOWN_SCRIPT_TAG.test(html);
}

function walk(node: Node, visit: (element: Element) => void): void {
  if ('tagName' in node) visit(node);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit);
  if (node.nodeName === 'template' && 'content' in node) walk(node.content as Node, visit);
}

function scriptType(element: Element): string {
  const type = attribute(element, 'type');
  if (type !== undefined) return type.trim().toLowerCase();
  const language = attribute(element, 'language');
  return language ? `text/${language.trim().toLowerCase()}` : '';
}

function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child && child.nodeName === '#text' ? child.value : '')).join('');
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function hasAttribute(element: Element, name: string): boolean {
  return attribute(element, name) !== undefined;
}

export function isJavaScriptUrl(value: string): boolean {
  // Browsers drop ASCII whitespace and control characters before reading a URL's scheme.
  return value
    .replace(/[\u0000-\u0020]/g, '')
    .toLowerCase()
    .startsWith('javascript:');
}

function startTag(element: Element): string {
  const cls = attribute(element, 'class');
  return `<${element.nodeName}${cls ? ` class="${cls.length > 40 ? `${cls.slice(0, 37)}...` : cls}"` : ''}>`;
}

/** The inline code of all pages, as `findInlineCode` finds it over them in this order. */
export function mergeInlineCode(parts: Iterable<InlineCode>): InlineCode {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const blocked: InlineCode['blocked'] = [];
  for (const part of parts) {
    for (const script of part.scripts) scripts.add(script);
    for (const style of part.styles) styles.add(style);
    blocked.push(...part.blocked);
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort(), blocked };
}
