import type { Element, Root as HastRoot, RootContent as HastNode } from 'hast';
import type { Root as MdastRoot, RootContent as MdastNode } from 'mdast';
import type { VFile } from 'vfile';
import { diagnose, putByPlugin, type Code } from '../diagnostics/catalogue/index.ts';
import { decodeCharacterReferences, SAFE_URL_EXPECTED, unsafeUrlScheme } from './unsafe-url.ts';

/** Something in a Markdown body that would run code (or nests too deep to render); `line` counts from the body's first line. */
export interface UnsafeFinding {
  code: Extract<Code, 'unsafe-content' | 'unsafe-url' | 'invalid-content' | 'style-removed'>;
  /** Errors, unless said otherwise: what the sanitizer removes without harm is a warning. */
  severity?: 'error' | 'warning';
  line: number;
  column: number;
  /** What was written: `<script>`, `<p onclick>`, `link`, `<a href>`. */
  field: string;
  message: string;
  expected?: string;
  actual?: string;
  hint?: string;
}

interface SafetyData {
  findings: UnsafeFinding[];
  /** Start offsets of the elements Markdown syntax made (links, images), whose URLs the Markdown pass already checked. */
  markdownLinkOffsets: Set<number>;
}

/** The findings gathered while processing one file (empty when it is safe). */
export function unsafeFindings(file: VFile): UnsafeFinding[] {
  return safetyData(file).findings;
}

function safetyData(file: VFile): SafetyData {
  const data = file.data as { safety?: SafetyData };
  data.safety ??= { findings: [], markdownLinkOffsets: new Set() };
  return data.safety;
}

/**
 * Remark plugin: checks the URLs Markdown syntax writes (links, images, autolinks, reference
 * definitions) where they are written. The parser has already decoded character references, so
 * `jav&#x61;script:` arrives as `javascript:`.
 */
export function remarkFlagUnsafeUrls() {
  return (tree: MdastRoot, file: VFile) => {
    const data = safetyData(file);
    const visit = (node: MdastRoot | MdastNode) => {
      if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
        const scheme = unsafeUrlScheme(node.url);
        if (scheme) {
          const field = node.type === 'definition' ? `[${node.label ?? node.identifier}]: definition` : node.type;
          data.findings.push({
            ...diagnose('unsafe-url', { scheme }),
            ...start(node),
            field,
            expected: SAFE_URL_EXPECTED,
            actual: JSON.stringify(node.url),
          });
        }
      }
      if (
        (node.type === 'link' || node.type === 'image' || node.type === 'linkReference' || node.type === 'imageReference') &&
        node.position?.start.offset !== undefined
      ) {
        data.markdownLinkOffsets.add(node.position.start.offset);
      }
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(tree);
  };
}

/** Properties (hast names) whose value is one URL or a list of them. */
const URL_PROPERTIES = new Set([
  'href',
  'src',
  'srcSet',
  'action',
  'formAction',
  'cite',
  'data',
  'poster',
  'background',
  'codeBase',
  'longDesc',
  'manifest',
  'ping',
  'xLinkHref',
  'profile',
  'archive',
  'classId',
  'icon',
  'lowsrc',
  'dynsrc',
  'itemId',
]);

/**
 * Rehype plugin, run after raw HTML is parsed and before it is sanitized: `<script>` elements,
 * event-handler attributes and unsafe URLs in raw HTML are findings with the line they are on.
 * (The sanitizer would drop them silently; an author who wrote them must hear about it.)
 */
export function rehypeFlagUnsafeHtml() {
  return (tree: HastRoot, file: VFile) => {
    const data = safetyData(file);
    const visit = (node: HastRoot | HastNode, where: { line: number; column: number }) => {
      if (node.type === 'element') {
        const here = node.position ? start(node) : where;
        checkElement(node, here, data, madeByPlugin(file, node));
        for (const child of node.children) visit(child, here);
        if (node.content) visit(node.content, here);
      } else if (node.type === 'root') {
        for (const child of node.children) visit(child, where);
      }
    };
    visit(tree, { line: 1, column: 1 });
  };
}

/** The origin `noteOrigins` gives elements already in the tree before the site's rehype plugins ran. */
export const CONTENT_ORIGIN = 'content';

/**
 * Notes who first put each unsafe element into a file's tree: `CONTENT_ORIGIN`, or a site plugin
 * (its field and name), so a refusal names the plugin rather than blaming the file's text.
 */
export function noteOrigins(tree: HastRoot, file: VFile, origin: string): void {
  const data = file.data as { pluginOrigins?: WeakMap<Element, string> };
  const origins = (data.pluginOrigins ??= new WeakMap());
  const visit = (node: HastRoot | HastNode) => {
    if (node.type === 'element') {
      if (!origins.has(node) && elementIsUnsafe(node)) origins.set(node, origin);
      if (node.content) visit(node.content);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
}

/** The site plugin that put `element` into the tree, if one did. */
function madeByPlugin(file: VFile, element: Element): string | undefined {
  const origin = (file.data as { pluginOrigins?: WeakMap<Element, string> }).pluginOrigins?.get(element);
  return origin === CONTENT_ORIGIN ? undefined : origin;
}

/** Whether an element would run code: a script, an event handler, or an unsafe URL. */
export function elementIsUnsafe(node: Element): boolean {
  return unsafeElementFindings(node, { line: 1, column: 1 }).length > 0;
}

/** What of one element (not its children) would run code, or is a style attribute, placed at `where`. */
export function unsafeElementFindings(node: Element, where: { line: number; column: number }): UnsafeFinding[] {
  const findings: UnsafeFinding[] = [];
  checkElement(node, where, { findings, markdownLinkOffsets: new Set() });
  return findings;
}

function checkElement(node: Element, where: { line: number; column: number }, data: SafetyData, plugin?: string): void {
  const before = data.findings.length;
  checkOwnElement(node, where, data);
  if (!plugin) return;
  // The file's text did not write it: the finding names the plugin that did.
  for (const finding of data.findings.slice(before)) {
    Object.assign(finding, putByPlugin(plugin, finding.message));
  }
}

function checkOwnElement(node: Element, where: { line: number; column: number }, data: SafetyData): void {
  const tag = node.tagName.toLowerCase();
  if (tag === 'script') {
    data.findings.push({
      ...diagnose('unsafe-content', { kind: 'script' }),
      ...where,
      field: '<script>',
    });
  }
  const fromMarkdownSyntax = node.position?.start.offset !== undefined && data.markdownLinkOffsets.has(node.position.start.offset);
  for (const [name, value] of Object.entries(node.properties)) {
    if (name === 'style') {
      data.findings.push({
        ...diagnose('style-removed'),
        ...where,
        field: `<${tag} style>`,
        actual: describe(value),
      });
    } else if (/^on/i.test(name)) {
      data.findings.push({
        ...diagnose('unsafe-content', { kind: 'handler' }),
        ...where,
        field: `<${tag} ${name.toLowerCase()}>`,
        actual: describe(value),
      });
    } else if (name === 'srcDoc') {
      const code = codeInDocument(String(value));
      if (code) {
        data.findings.push({
          ...diagnose('unsafe-content', { kind: 'srcdoc', code }),
          ...where,
          field: `<${tag} srcdoc>`,
          actual: describe(value),
        });
      }
    } else if (
      !fromMarkdownSyntax &&
      (URL_PROPERTIES.has(name) || /(href|src)$/i.test(name) || LIST_OF_URLS.has(name) || (name === 'content' && isRefresh(node)))
    ) {
      for (const url of urlsOf(name, value)) {
        const scheme = unsafeUrlScheme(url);
        if (!scheme) continue;
        data.findings.push({
          ...diagnose('unsafe-url', { scheme }),
          ...where,
          field: `<${tag} ${attributeName(name)}>`,
          expected: SAFE_URL_EXPECTED,
          actual: JSON.stringify(url),
        });
      }
    }
  }
}

/** Animation attributes whose value may become an `href`: a list of values separated by `;` (one for `to`, `from`, `by`). */
const LIST_OF_URLS = new Set(['values', 'to', 'from', 'by']);

function urlsOf(name: string, value: unknown): string[] {
  const values = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  // A srcset candidate is a URL followed by a width or density.
  if (name === 'srcSet') return values.map((candidate) => candidate.trim().split(/\s+/, 1)[0] ?? '');
  if (LIST_OF_URLS.has(name)) return values.flatMap((item) => item.split(';'));
  // A refresh is `<seconds>; url=<URL>`, the URL quoted or not.
  if (name === 'content') return values.map((item) => /^[^;,]*[;,]\s*(?:url\s*=\s*)?(['"]?)(.*?)\1\s*$/i.exec(item)?.[2] ?? item);
  return values;
}

/** A `<meta http-equiv="refresh">`, whose `content` names the URL the page moves to. */
function isRefresh(node: Element): boolean {
  return String(node.properties.httpEquiv ?? '').toLowerCase() === 'refresh';
}

/**
 * What in a page given as text (an `<iframe srcdoc>`) runs code: a script element, an event
 * handler, or an unsafe URL. Read as text, since the page is parsed only when the frame loads;
 * undefined when none is found.
 */
function codeInDocument(html: string): string | undefined {
  const text = decodeCharacterReferences(html);
  if (/<script[\s/>]/i.test(text)) return 'a <script>';
  if (/[\s/"']on[a-z]+\s*=/i.test(text)) return 'an event handler';
  const url = /(?:javascript|vbscript|data)\s*:[^\s"'>]*/i.exec(text.replace(/[\t\n\r]/g, ''))?.[0];
  return url && unsafeUrlScheme(url) ? `a ${unsafeUrlScheme(url)} URL` : undefined;
}

function attributeName(property: string): string {
  return property === 'xLinkHref' ? 'xlink:href' : property.toLowerCase();
}

function describe(value: unknown): string {
  const text = Array.isArray(value) ? value.join(' ') : String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

function start(node: { position?: { start: { line: number; column: number } } }): { line: number; column: number } {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}
