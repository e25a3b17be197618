import type { SearchFields } from '../site/search-options.ts';

/**
 * The copy of a page that Pagefind reads: the published page is never changed (a site without
 * search, or a page that is not indexed, keeps its bytes). Pagefind indexes only what is inside
 * `data-pagefind-body` once any page has it, so every indexed copy gets one: where the template
 * put it, else on the page's `<main>` (its main content, not menus and footers), else on `<body>`.
 * The page's filters and metadata go at the end, outside that content, where Pagefind reads them
 * but does not index their words.
 */
export function indexedCopy(html: string, fields: SearchFields | undefined): string {
  const marked = MARKED.test(html) ? html : markBody(html);
  const extra = fieldMarkup(fields);
  if (!extra) return marked;
  const end = marked.lastIndexOf('</body>');
  return end === -1 ? marked + extra : marked.slice(0, end) + extra + marked.slice(end);
}

/** A start tag with the attribute (text cannot match: react-dom/server escapes its `<`). */
const MARKED = /<[a-z][^<>]*\sdata-pagefind-body[\s=>]/;

/** Pages come from react-dom/server, which writes `<main>` and `<body>` as plain start tags. */
function markBody(html: string): string {
  const tag = /<main(?=[\s>])/.exec(html) ?? /<body(?=[\s>])/.exec(html);
  if (!tag) return html;
  const at = tag.index + tag[0].length;
  return `${html.slice(0, at)} data-pagefind-body${html.slice(at)}`;
}

function fieldMarkup(fields: SearchFields | undefined): string {
  if (!fields) return '';
  const spans: string[] = [];
  for (const [key, value] of Object.entries(fields.filters ?? {})) {
    for (const one of typeof value === 'string' ? [value] : value)
      spans.push(`<span data-pagefind-filter="${key}">${escapeText(one)}</span>`);
  }
  for (const [key, value] of Object.entries(fields.meta ?? {})) spans.push(`<span data-pagefind-meta="${key}">${escapeText(value)}</span>`);
  return spans.length ? `<div data-pagefind-ignore>${spans.join('')}</div>` : '';
}

/** Text of an element: front matter is the site's authors', but a `<` in it must stay text. */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whether the page asks robots not to index it (`<meta name="robots" content="…noindex…">`, as a template may write). */
export function asksNoindex(html: string): boolean {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  for (const meta of head.matchAll(/<meta\s[^>]*>/g)) {
    if (/\bname="robots"/i.test(meta[0]) && /\bcontent="[^"]*noindex/i.test(meta[0])) return true;
  }
  return false;
}
