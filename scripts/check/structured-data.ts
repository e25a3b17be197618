import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { Finding, Gate, GateContext, GateResult } from './gate.ts';
import { pageFile } from './pages.ts';

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

const FEED_TYPES = new Set(['application/rss+xml', 'application/atom+xml']);

/** The elements each kind of XML file must hold (RSS 2.0 spec, RFC 4287 §4.1.1, sitemaps.org), so a feed that parses is also a feed. */
const XML_KINDS: Array<{ root: string; kind: string; required: string[] }> = [
  { root: 'rss', kind: 'RSS 2.0 feed', required: ['channel.title', 'channel.link', 'channel.description'] },
  { root: 'feed', kind: 'Atom feed', required: ['id', 'title', 'updated'] },
  { root: 'urlset', kind: 'sitemap', required: ['url'] },
];

/**
 * Structured data and feeds: every JSON-LD block of every page parses as JSON with @context and
 * @type; every XML file of the build (feeds, sitemap) parses, and every feed a page links to exists.
 */
export const structuredDataGate: Gate = {
  name: 'structured-data',
  async run(ctx: GateContext): Promise<GateResult> {
    const findings: Finding[] = [];
    const linkedFeeds = new Map<string, string>();
    let blocks = 0;
    for (const page of ctx.pages) {
      const document = parse(fs.readFileSync(pageFile(ctx.distDir, page), 'utf8'), { sourceCodeLocationInfo: true });
      for (const element of elements(document)) {
        const type = attribute(element, 'type');
        if (element.tagName === 'script' && type === 'application/ld+json') {
          blocks++;
          findings.push(...checkJsonLd(page, element));
        } else if (element.tagName === 'link' && attribute(element, 'rel') === 'alternate' && type && FEED_TYPES.has(type)) {
          const href = attribute(element, 'href') ?? '';
          if (!linkedFeeds.has(href)) linkedFeeds.set(href, page);
        }
      }
    }
    const xmlFiles = await fg('**/*.xml', { cwd: ctx.distDir });
    for (const [href, page] of linkedFeeds) {
      const local = new URL(href, 'http://site.invalid/').pathname.replace(/^\//, '');
      if (!xmlFiles.includes(local)) {
        findings.push({
          page,
          rule: 'feed-missing',
          message: `links to the feed ${href}, which the build did not write`,
          fix: 'Build the feed, or remove the <link rel="alternate"> that points at it.',
        });
      }
    }
    for (const file of xmlFiles) findings.push(...checkXml(`/${file}`, fs.readFileSync(path.join(ctx.distDir, file), 'utf8')));
    return {
      findings,
      summary: [`${blocks} JSON-LD blocks on ${ctx.pages.length} pages; ${xmlFiles.length} XML files (${xmlFiles.join(', ')})`],
    };
  },
};

/** One JSON-LD block: valid JSON, a schema.org @context, and an @type on every top-level node. */
function checkJsonLd(page: string, script: Element): Finding[] {
  const line = script.sourceCodeLocation?.startLine ?? 0;
  const text = script.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
  const at = `JSON-LD block at line ${line}`;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return [
      {
        page,
        rule: 'json-ld-syntax',
        message: `${at} is not valid JSON: ${(error as Error).message}`,
        fix: 'Serialise structured data with JSON.stringify rather than by hand, so it is always valid JSON.',
      },
    ];
  }
  const findings: Finding[] = [];
  const roots = Array.isArray(data) ? data : [data];
  for (const root of roots) {
    if (!isObject(root)) {
      findings.push({
        page,
        rule: 'json-ld-shape',
        message: `${at} holds ${JSON.stringify(root)?.slice(0, 40)}, not an object`,
        fix: 'A JSON-LD block holds one object (or an array of objects) describing the page.',
      });
      continue;
    }
    const context = root['@context'];
    if (!(typeof context === 'string' ? /^https?:\/\/schema\.org\/?$/.test(context) : isObject(context) || Array.isArray(context))) {
      findings.push({
        page,
        rule: 'json-ld-context',
        message: `${at} has @context ${JSON.stringify(context) ?? 'missing'}`,
        fix: 'Set "@context": "https://schema.org" on the top-level object.',
      });
    }
    const nodes = Array.isArray(root['@graph']) ? (root['@graph'] as unknown[]) : [root];
    nodes.forEach((node, index) => {
      const type = isObject(node) ? node['@type'] : undefined;
      if (!(typeof type === 'string' && type) && !(Array.isArray(type) && type.length > 0)) {
        const which = Array.isArray(root['@graph']) ? `@graph[${index}]` : 'the object';
        findings.push({
          page,
          rule: 'json-ld-type',
          message: `${at}: ${which} has no @type`,
          fix: 'Give every top-level node a schema.org @type, e.g. "@type": "Article".',
        });
      }
    });
  }
  return findings;
}

/** One XML file: well-formed, and when it is a feed or sitemap, with the element that makes it one. */
export function checkXml(page: string, text: string): Finding[] {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col, code } = valid.err;
    return [
      {
        page,
        rule: 'xml-syntax',
        message: `does not parse as XML: ${msg} (${code}) at line ${line}, column ${col}`,
        fix: 'Escape &, < and > in text, close every element, and write one root element; generate the file with an XML serialiser.',
      },
    ];
  }
  const parsed = new XMLParser({ ignoreAttributes: true }).parse(text) as Record<string, unknown>;
  const root = Object.keys(parsed).find((key) => key !== '?xml');
  const expected = XML_KINDS.find((entry) => entry.root === root);
  if (!expected || !root) return [];
  const missing = expected.required.filter(
    (required) =>
      required.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), parsed[root]) === undefined,
  );
  return missing.map((required) => ({
    page,
    rule: 'xml-shape',
    message: `this ${expected.kind} lacks <${required.replaceAll('.', '><')}>`,
    fix: `Write the ${expected.kind} with the elements its specification requires: ${expected.required.join(', ')}.`,
  }));
}

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
