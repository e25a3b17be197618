/** One URL-valued attribute of one element. */
export interface ScannedLink {
  /** `<a href>`, `<img srcset>`, `<meta og:image>`: how messages name where the URL is written. */
  where: string;
  url: string;
}

/** Attributes that hold one URL, on any element. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'formaction', 'xlink:href', 'cite', 'background']);
/** Social-preview meta tags whose content is a URL of the site. */
const URL_METAS = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'og:url', 'og:video', 'og:audio', 'twitter:image']);

/**
 * The scan's rules for one element, however it was read: its ids go into `ids`, its URLs into
 * `links`. Used by parse5's reading (`page-scan.ts`) and by the pattern the tests hold the
 * runner's scanner to (`tests/helpers/html-scan-regex.ts`); the scanner writes them out for speed.
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
