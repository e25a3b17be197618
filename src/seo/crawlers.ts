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
  return [...sitemapLines(entries, site, locales)].join('\n');
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

/** The sitemap's file contents: its text, or its bytes where the runner encodes them as they are made. */
function sitemapContents(entries: readonly Entry[], site: Pick<SiteContext, 'url'>, locales: Locales): string | Uint8Array {
  const encode = lineEncoderPath.get();
  return encode ? encode(() => sitemapLines(entries, site, locales)) : renderSitemap(entries, site, locales);
}

/** The sitemap's lines, one `<url>` element each between the head and the foot, made as they are asked for. */
function* sitemapLines(entries: readonly Entry[], site: Pick<SiteContext, 'url'>, locales?: Locales): Generator<string> {
  const visible = entries.filter((entry) => !entry.hidden).sort((a, b) => compareText(a.url, b.url));
  const alternates = locales?.multilingual ? sitemapAlternates(visible, site, locales) : undefined;
  yield '<?xml version="1.0" encoding="UTF-8"?>';
  yield alternates
    ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
    : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
  for (const entry of visible) {
    const lastmod = entry.dates?.updated ?? entry.dates?.published;
    yield `  <url>\n    <loc>${escapeXml(site.url(entry.url))}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}${alternates?.(entry) ?? ''}  </url>`;
  }
  yield '</urlset>';
  yield '';
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
  if (sitemap) files.push({ path: outPath(SITEMAP_PATH), contents: sitemapContents(catalogue.entries, context, locales) });
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
