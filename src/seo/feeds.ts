import type { Catalogue } from '../content/catalogue.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { Site } from '../site/definition.ts';
import type { Entry } from '../content/entry.ts';
import { contentBodyContext, renderMarkdown } from '../render/markdown.ts';
import type { SiteContext } from '../site/context.ts';
import type { FeedAuthor, FeedDefinition } from '../site/feeds.ts';
import { absolutizeUrls, cdata, escapeXml, latestDate, rfc3339Date, rfc822Date } from './xml.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';

/** One feed item, in the terms both formats share. */
interface FeedItem {
  url: string;
  title: string;
  /** The entry's description; none leaves the item's summary out. */
  summary?: string;
  /** The full content as HTML, with absolute URLs. */
  html: string;
  published: string;
  updated: string;
  author: FeedAuthor;
}

/** An entry's body as HTML, as its page shows it (the site's Markdown settings, highlighting included). */
export type BodyHtml = (entry: Entry) => string;

const plainMarkdown: BodyHtml = (entry) => renderMarkdown(entry.body, undefined, contentBodyContext(entry, undefined, 'feed'));

/** The entries a feed lists: its collection's visible entries that have a publication date (see `EntryDates`), newest first. */
export function feedEntries(feed: FeedDefinition, catalogue: Catalogue): Entry[] {
  return catalogue.collection(feed.collection, { order: 'newest' }).filter((entry) => entry.dates?.published);
}

/**
 * The items of a feed (see `feedEntries`). `body` gives each entry's HTML as its page shows it,
 * relative URLs resolved against its folder and an image of the site as one variant (readers
 * show no `<picture>` sources).
 */
function feedItems(feed: FeedDefinition, catalogue: Catalogue, site: SiteContext, body: BodyHtml): FeedItem[] {
  return feedEntries(feed, catalogue).map((entry: Entry) => ({
    url: site.url(entry.url),
    title: entry.data.title,
    summary: entry.data.description,
    html: absolutizeUrls(body(entry), site.origin),
    published: entry.dates!.published!,
    updated: entry.dates!.updated ?? entry.dates!.published!,
    author: feed.author?.(entry, catalogue, site) ?? { name: site.name, url: site.url('/') },
  }));
}

/** The feed's last change: its newest item's, or the epoch for an empty feed (never the build time, so builds stay reproducible). */
function feedUpdated(items: readonly FeedItem[]): string {
  return latestDate(items.map((item) => item.updated)) ?? '1970-01-01';
}

/** An RSS 2.0 feed with the full content of each item in `content:encoded`. */
export function renderRss(feed: FeedDefinition, catalogue: Catalogue, site: SiteContext, body: BodyHtml = plainMarkdown): string {
  const items = feedItems(feed, catalogue, site, body);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(feed.title)}</title>`,
    `<link>${escapeXml(site.url(feed.link ?? '/'))}</link>`,
    `<description>${escapeXml(feed.description)}</description>`,
    `<language>${escapeXml(site.lang)}</language>`,
    `<lastBuildDate>${rfc822Date(feedUpdated(items))}</lastBuildDate>`,
    `<atom:link href="${escapeXml(site.url(feed.rss))}" rel="self" type="application/rss+xml"/>`,
    ...items.map((item) =>
      [
        '<item>',
        `<title>${escapeXml(item.title)}</title>`,
        `<link>${escapeXml(item.url)}</link>`,
        `<guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
        `<pubDate>${rfc822Date(item.published)}</pubDate>`,
        `<dc:creator>${escapeXml(item.author.name)}</dc:creator>`,
        ...(item.summary ? [`<description>${escapeXml(item.summary)}</description>`] : []),
        `<content:encoded>${cdata(item.html)}</content:encoded>`,
        '</item>',
      ].join('\n'),
    ),
    '</channel>',
    '</rss>',
    '',
  ];
  return lines.join('\n');
}

/** An Atom feed with the full content of each entry. */
export function renderAtom(feed: FeedDefinition, catalogue: Catalogue, site: SiteContext, body: BodyHtml = plainMarkdown): string {
  const items = feedItems(feed, catalogue, site, body);
  const author = (who: FeedAuthor) =>
    `<author><name>${escapeXml(who.name)}</name>${who.url ? `<uri>${escapeXml(who.url)}</uri>` : ''}</author>`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(site.lang)}">`,
    `<id>${escapeXml(site.url(feed.atom))}</id>`,
    `<title>${escapeXml(feed.title)}</title>`,
    `<subtitle>${escapeXml(feed.description)}</subtitle>`,
    `<updated>${rfc3339Date(feedUpdated(items))}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(site.url(feed.atom))}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(site.url(feed.link ?? '/'))}"/>`,
    author({ name: site.name, url: site.url('/') }),
    ...items.map((item) =>
      [
        '<entry>',
        `<id>${escapeXml(item.url)}</id>`,
        `<title>${escapeXml(item.title)}</title>`,
        `<link rel="alternate" type="text/html" href="${escapeXml(item.url)}"/>`,
        `<published>${rfc3339Date(item.published)}</published>`,
        `<updated>${rfc3339Date(item.updated)}</updated>`,
        author(item.author),
        ...(item.summary ? [`<summary>${escapeXml(item.summary)}</summary>`] : []),
        `<content type="html">${escapeXml(item.html)}</content>`,
        '</entry>',
      ].join('\n'),
    ),
    '</feed>',
    '',
  ];
  return lines.join('\n');
}

/**
 * A warning for each feed with no item, naming the date field it looked for: a feed that reads a
 * field the content does not have would otherwise be published empty, dated 1970, in silence.
 */
export function checkEmptyFeeds(site: Pick<Site, 'feeds' | 'collections' | 'locate'>, catalogue: Catalogue): Diagnostic[] {
  return (site.feeds ?? []).flatMap((feed, i): Diagnostic[] => {
    if (feedEntries(feed, catalogue).length) return [];
    const field = site.collections.find((collection) => collection.name === feed.collection)?.dates?.published;
    const visible = catalogue.collection(feed.collection).length;
    return [
      {
        ...diagnose('empty-feed', { rss: feed.rss, collection: feed.collection, field, visible }),
        ...site.locate?.(['feeds', i, 'collection']),
        field: `feeds[${i}]`,
        expected: field ? phrase('feed-dated-entries', { collection: feed.collection, field }) : phrase('feed-date-field'),
        actual: field ? `${visible} visible entries, none with ${field}` : `no dates on the collection "${feed.collection}"`,
      },
    ];
  });
}
