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

/** Where the sitemap is published. */
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * The sitemap protocol's XML: every visible page (hidden ones are `noindex`, so listing them
 * would contradict it), by URL path, with `lastmod` from its updated date, else its published date (see `EntryDates`).
 */
export function renderSitemap(entries: readonly Entry[], site: Pick<SiteContext, 'url'>): string {
  const visible = entries.filter((entry) => !entry.hidden).sort((a, b) => compareText(a.url, b.url));
  const urls = visible.map((entry) => {
    const lastmod = entry.dates?.updated ?? entry.dates?.published;
    return `  <url>\n    <loc>${escapeXml(site.url(entry.url))}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
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
  if (sitemap) files.push({ path: outPath(SITEMAP_PATH), contents: renderSitemap(catalogue.entries, context) });
  if (site.robots !== false) {
    files.push({ path: 'robots.txt', contents: renderRobots(site.robots ?? {}, sitemap ? context.url(SITEMAP_PATH) : undefined) });
  }
  for (const declared of site.feeds ?? []) {
    // The feed's page is a page of the site: its link takes the site's URL style, as entries' URLs do.
    const feed = declared.link ? { ...declared, link: pageUrl(declared.link, site.trailingSlash) } : declared;
    files.push({ path: outPath(feed.rss), contents: renderRss(feed, catalogue, context, body) });
    files.push({ path: outPath(feed.atom), contents: renderAtom(feed, catalogue, context, body) });
  }
  return files;
}
