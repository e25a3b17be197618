import type { ScannedLink } from '../../src/render/html-scan.ts';

/** Attributes that hold one URL, on any element. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'formaction', 'xlink:href', 'cite', 'background']);
/** Social-preview meta tags whose content is a URL of the site. */
const URL_METAS = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'og:url', 'og:video', 'og:audio', 'twitter:image']);

/**
 * The scan's rules for one element, however it was read: its ids go into `ids`, its URLs into
 * `links`. Shared by the reference scans the tests hold `scanHtml` to (a pattern, a full parse).
 */
export function collectElement(tag: string, attributes: ReadonlyMap<string, string>, ids: Set<string>, links: ScannedLink[]): void {
  const id = attributes.get('id');
  if (id) ids.add(id);
  if (tag === 'a' && attributes.get('name')) ids.add(attributes.get('name')!);
  for (const [name, value] of attributes) {
    if (URL_ATTRIBUTES.has(name) || (name === 'data' && tag === 'object')) {
      if (!(tag === 'link' && /\b(preconnect|dns-prefetch)\b/i.test(attributes.get('rel') ?? '')))
        links.push({ where: `<${tag} ${name}>`, url: value });
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
}
