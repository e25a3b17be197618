import type { Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';
import { compareText } from '../diagnostics/diagnostics.ts';
import type { SiteDefinition } from '../site/definition.ts';
import type { SiteContext } from '../site/context.ts';
import type { OutputFile } from '../output/write.ts';
import type { RobotsDefinition } from '../site/feeds.ts';
import { renderAtom, renderRss, type BodyHtml } from './feeds.ts';
import { contentBodyContext, renderMarkdown } from '../render/markdown.ts';
import { escapeXml } from './xml.ts';
import { pageUrl } from '../core/urls.ts';
import { inLocale } from '../content/catalogue.ts';
import { localesOf, type Locales } from '../i18n/locales.ts';
import { localizedFeeds } from '../site/localized-feeds.ts';
import { fastPath } from '../core/fast-paths.ts';

/** Where the sitemap is published. */
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * The sitemap protocol's XML: every visible page (hidden ones are `noindex`, so listing them
 * would contradict it), by URL path, with `lastmod` from its updated date, else its published date (see `EntryDates`).
 */
export function renderSitemap(entries: readonly Entry[], site: Pick<SiteContext, 'url'>, locales?: Locales): string {
  const sitemap = new SitemapUrls(entries, site, locales);
  return [...sitemap.lines(0, sitemap.visible.length)].join('\n');
}

/**
 * Joins a large text's lines, each followed by a newline but the last, into its UTF-8 bytes
 * without the whole text being one string first. The runner's (`runner/fast-paths/encoded-lines.ts`)
 * is there because a multilingual sitemap names every translation of every page: 172 MB at 40
 * locales × 1,000 pages (`npm run bench:multilingual`), held as a string and again as its bytes.
 */
export type LineEncoder = (lines: () => Iterable<string>) => Uint8Array;

/** The encoder, when the fast paths are on (see `core/fast-paths.ts`). */
export const lineEncoderPath = fastPath<LineEncoder>();

/**
 * The sitemap protocol's limits for one file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed.
 * A multilingual sitemap passes them at scale (172 MB at 40 locales × 1,000 pages, `npm run bench:multilingual`).
 */
export const SITEMAP_LIMITS: SitemapLimits = { urls: 50_000, bytes: 52_428_800 };

export interface SitemapLimits {
  urls: number;
  bytes: number;
}

/**
 * The sitemap's files: `sitemap.xml` alone while it keeps within the limits, else `sitemap-1.xml`,
 * `sitemap-2.xml`… and a `sitemap.xml` that is their `<sitemapindex>`, so `robots.txt`'s
 * `Sitemap:` line names the same file either way. Each part is encoded on its own, so only one
 * part's bytes are made at a time.
 */
export function sitemapFiles(
  entries: readonly Entry[],
  site: Pick<SiteContext, 'url'>,
  locales: Locales,
  limits: SitemapLimits = SITEMAP_LIMITS,
): OutputFile[] {
  const sitemap = new SitemapUrls(entries, site, locales);
  const parts = sitemap.parts(limits);
  const path = outPath(SITEMAP_PATH);
  if (parts.length <= 1) return [{ path, contents: encodeLines(() => sitemap.lines(0, sitemap.visible.length)) }];
  const files: OutputFile[] = parts.map(([start, end], i) => ({
    path: sitemapPartPath(i),
    contents: encodeLines(() => sitemap.lines(start, end)),
  }));
  const index = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `  <sitemap>\n    <loc>${escapeXml(site.url(`/${file.path}`))}</loc>\n  </sitemap>`),
    '</sitemapindex>',
    '',
  ];
  return [{ path, contents: encodeLines(() => index) }, ...files];
}

/** The output path of the sitemap's part `i` (from 0): `sitemap-1.xml` first. */
const sitemapPartPath = (i: number) => outPath(SITEMAP_PATH).replace(/\.xml$/, `-${i + 1}.xml`);

/** Lines joined by newlines: their bytes where the runner encodes them as they are made, else the text. */
function encodeLines(lines: () => Iterable<string>): string | Uint8Array {
  const encode = lineEncoderPath.get();
  return encode ? encode(lines) : [...lines()].join('\n');
}

/** A sitemap's visible entries in URL order, and the lines of any run of them as one file. */
class SitemapUrls {
  readonly visible: readonly Entry[];
  private readonly alternates: ((entry: Entry) => string) | undefined;
  private readonly site: Pick<SiteContext, 'url'>;

  constructor(entries: readonly Entry[], site: Pick<SiteContext, 'url'>, locales?: Locales) {
    this.site = site;
    this.visible = entries.filter((entry) => !entry.hidden).sort((a, b) => compareText(a.url, b.url));
    this.alternates = locales?.multilingual ? sitemapAlternates(this.visible, site, locales) : undefined;
  }

  /** The runs `[start, end)` of entries that each make a file within the limits (one run at least). */
  parts(limits: SitemapLimits): Array<[number, number]> {
    const frame = [...this.head(), this.foot()].reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    const parts: Array<[number, number]> = [];
    let start = 0;
    let bytes = frame;
    for (let i = 0; i < this.visible.length; i++) {
      const size = Buffer.byteLength(this.url(this.visible[i] as Entry)) + 1;
      if (i > start && (i - start >= limits.urls || bytes + size > limits.bytes)) {
        parts.push([start, i]);
        start = i;
        bytes = frame;
      }
      bytes += size;
    }
    parts.push([start, this.visible.length]);
    return parts;
  }

  /** The lines of a file of the entries `[start, end)`, made as they are asked for. */
  *lines(start: number, end: number): Generator<string> {
    yield* this.head();
    for (let i = start; i < end; i++) yield this.url(this.visible[i] as Entry);
    yield this.foot();
    yield '';
  }

  private head(): string[] {
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      this.alternates
        ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
        : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ];
  }

  private foot(): string {
    return '</urlset>';
  }

  private url(entry: Entry): string {
    const lastmod = entry.dates?.updated ?? entry.dates?.published;
    return `  <url>\n    <loc>${escapeXml(this.site.url(entry.url))}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}${this.alternates?.(entry) ?? ''}  </url>`;
  }
}

/**
 * A multilingual sitemap's `<xhtml:link rel="alternate" hreflang>` lines of an entry: every visible
 * entry with its translation key (itself among them), in declared locale order, and `x-default`
 * (the default locale's), so each translation lists the same set and the links are reciprocal.
 */
function sitemapAlternates(visible: readonly Entry[], site: Pick<SiteContext, 'url'>, locales: Locales): (entry: Entry) => string {
  const order = new Map(locales.list.map((locale, i) => [locale.code, i]));
  const byKey = Map.groupBy(visible, (entry) => entry.translationKey);
  const lines = new Map<string, string>();
  return (entry) => {
    let text = lines.get(entry.translationKey);
    if (text === undefined) {
      const group = [...(byKey.get(entry.translationKey) ?? [])].sort((a, b) => (order.get(a.locale) ?? 0) - (order.get(b.locale) ?? 0));
      const link = (hreflang: string, url: string) =>
        `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(site.url(url))}"/>\n`;
      const fallback = group.find((other) => other.locale === locales.default.code);
      text =
        group.map((other) => link(locales.get(other.locale)?.lang ?? other.locale, other.url)).join('') +
        (fallback ? link('x-default', fallback.url) : '');
      lines.set(entry.translationKey, text);
    }
    return text;
  };
}

/** `robots.txt`: everything allowed but the given prefixes, and where the sitemap is (when there is one). */
export function renderRobots(robots: RobotsDefinition, sitemapUrl: string | undefined): string {
  const disallow = robots.disallow ?? [];
  return [
    'User-agent: *',
    ...(disallow.length ? disallow.map((prefix) => `Disallow: ${prefix}`) : ['Allow: /']),
    ...(sitemapUrl ? ['', `Sitemap: ${sitemapUrl}`] : []),
    '',
  ].join('\n');
}

/** Strips the leading slash of a root-relative URL to make an output path. */
const outPath = (urlPath: string) => urlPath.replace(/^\/+/, '');

/**
 * The files crawlers and feed readers ask for: `sitemap.xml` and `robots.txt` (unless the site
 * turns them off) and each feed in both formats.
 */
export function seoFiles(
  site: SiteDefinition,
  catalogue: Catalogue,
  context: SiteContext,
  body: BodyHtml = (entry) => renderMarkdown(entry.body, site.markdown, contentBodyContext(entry, undefined, 'feed')),
): OutputFile[] {
  const files: OutputFile[] = [];
  const sitemap = site.sitemap !== false;
  const locales = localesOf(site);
  if (sitemap) files.push(...sitemapFiles(catalogue.entries, context, locales));
  if (site.robots !== false) {
    files.push({ path: 'robots.txt', contents: renderRobots(site.robots ?? {}, sitemap ? context.url(SITEMAP_PATH) : undefined) });
  }
  for (const { feed: declared, locale } of localizedFeeds(site.feeds, locales)) {
    // The feed's page is a page of the site: its link takes the site's URL style, as entries' URLs do.
    const feed = declared.link ? { ...declared, link: pageUrl(declared.link, site.trailingSlash) } : declared;
    // A multilingual site's feed of a locale lists that locale's entries, in its language.
    const entries = locales.multilingual ? inLocale(catalogue, locale.code) : catalogue;
    const where = locales.multilingual ? { ...context, lang: locale.lang } : context;
    files.push({ path: outPath(feed.rss), contents: renderRss(feed, entries, where, body) });
    files.push({ path: outPath(feed.atom), contents: renderAtom(feed, entries, where, body) });
  }
  return files;
}
