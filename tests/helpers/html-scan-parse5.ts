import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { ScannedLink, ScannedPage } from '../../src/links/html-scan.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * What `scanHtml` (`src/links/html-scan.ts`) stands in for: a page's ids and URL-valued
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
    const id = attributes.get('id');
    if (id) ids.add(id);
    if (tag === 'a' && attributes.get('name')) ids.add(attributes.get('name')!);
    for (const [name, value] of attributes) {
      if (URL_ATTRIBUTES.has(name) || (name === 'data' && tag === 'object')) {
        if (!(tag === 'link' && /\b(preconnect|dns-prefetch)\b/i.test(attributes.get('rel') ?? ''))) links.push({ where: `<${tag} ${name}>`, url: value });
      } else if (name === 'srcset' || name === 'imagesrcset') {
        for (const candidate of value.split(',')) {
          const url = candidate.trim().split(/\s+/, 1)[0];
          if (url) links.push({ where: `<${tag} ${name}>`, url });
        }
      }
    }
    if (tag === 'meta') {
      const property = attributes.get('property') ?? attributes.get('name') ?? '';
      const content = attributes.get('content');
      if (content && URL_METAS.has(property.toLowerCase())) links.push({ where: `<meta ${property}>`, url: content });
    }
  });
  return { ids, links };
}

/** Attributes that hold one URL, on any element. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'formaction', 'xlink:href', 'cite', 'background']);
/** Social-preview meta tags whose content is a URL of the site. */
const URL_METAS = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'og:url', 'og:video', 'og:audio', 'twitter:image']);

function walk(node: Node, visit: (element: Element) => void): void {
  if ('tagName' in node) visit(node);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit);
  if (node.nodeName === 'template' && 'content' in node) walk(node.content as Node, visit);
}
