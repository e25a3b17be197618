import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/content/catalogue.ts';
import { createSiteContext } from '../../src/site/context.ts';
import { checkEmptyFeeds, renderAtom, renderRss } from '../../src/seo/feeds.ts';
import type { FeedDefinition } from '../../src/site/feeds.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import { makeEntry } from '../helpers/entries.ts';
import { parseXml } from '../helpers/images.ts';

const site = createSiteContext({ name: 'Example & Co', lang: 'en-US', origin: 'https://o.example' } as SiteDefinition, 'https://o.example');
const catalogue = createCatalogue([
  makeEntry('posts', '/posts/old', { createdDate: '2023-01-01' }, { body: 'See [the new one](/posts/new).\n\n![dot](/images/dot.svg)' }),
  makeEntry(
    'posts',
    '/posts/new',
    { createdDate: '2024-06-01', updatedDate: '2024-07-01', title: 'New & shiny' },
    { body: '## Part\n\nText with ]]> inside.' },
  ),
  makeEntry('posts', '/posts/hidden', { createdDate: '2025-01-01', hidden: true }),
  makeEntry('posts', '/posts/undated', {}),
  makeEntry('posts', '/posts', { createdDate: '2025-01-01' }, { listPage: true }),
  makeEntry('pages', '/about', { createdDate: '2025-01-01' }),
]);
const feed: FeedDefinition = {
  collection: 'posts',
  title: 'Posts',
  description: 'All <posts>',
  link: '/posts',
  rss: '/posts/rss.xml',
  atom: '/posts/atom.xml',
};

describe('renderRss', () => {
  const channel = parseXml(renderRss(feed, catalogue, site)).rss.channel;

  it('lists the visible, dated entries of the collection, newest first', () => {
    expect(channel.item.map((item: { link: string[] }) => item.link[0])).toEqual([
      'https://o.example/posts/new',
      'https://o.example/posts/old',
    ]);
    expect(channel.item[0].title).toBe('New & shiny');
    expect(channel.item[0].pubDate).toBe('Sat, 01 Jun 2024 00:00:00 GMT');
  });

  it('describes the channel: escaped text, its page, its own URL, the newest change as lastBuildDate', () => {
    expect(channel.description).toBe('All <posts>');
    expect(channel.link[0]).toBe('https://o.example/posts');
    expect(channel['atom:link']).toMatchObject({ '@_href': 'https://o.example/posts/rss.xml', '@_rel': 'self' });
    expect(channel.lastBuildDate).toBe('Mon, 01 Jul 2024 00:00:00 GMT');
  });

  it('carries the full content with absolute links, even text that looks like the end of CDATA', () => {
    expect(channel.item[0]['content:encoded']).toBe('<h2 id="part">Part</h2>\n<p>Text with ]]> inside.</p>');
    expect(channel.item[1]['content:encoded']).toContain('<a href="https://o.example/posts/new">the new one</a>');
    expect(channel.item[1]['content:encoded']).toContain('src="https://o.example/images/dot.svg"');
  });

  it('credits the site unless the feed names an author', () => {
    expect(channel.item[0]['dc:creator']).toBe('Example & Co');
    const authored = parseXml(renderRss({ ...feed, author: (entry) => ({ name: `Author of ${entry.slug}` }) }, catalogue, site)).rss
      .channel;
    expect(authored.item[0]['dc:creator']).toBe('Author of new');
  });
});

describe('renderAtom', () => {
  const atom = parseXml(renderAtom(feed, catalogue, site)).feed;

  it('lists the same entries with ids, dates, summary and full HTML content', () => {
    expect(atom.entry.map((entry: { id: string }) => entry.id)).toEqual(['https://o.example/posts/new', 'https://o.example/posts/old']);
    expect(atom.entry[0]).toMatchObject({
      published: '2024-06-01T00:00:00Z',
      updated: '2024-07-01T00:00:00Z',
      author: { name: 'Example & Co' },
    });
    expect(atom.entry[0].content).toMatchObject({ '@_type': 'html', '#text': '<h2 id="part">Part</h2>\n<p>Text with ]]> inside.</p>' });
    expect(atom.updated).toBe('2024-07-01T00:00:00Z');
    expect(atom.id).toBe('https://o.example/posts/atom.xml');
  });

  it('is still a valid feed with no entries, dated at the epoch rather than the build time', () => {
    const empty = parseXml(renderAtom({ ...feed, collection: 'none' }, catalogue, site)).feed;
    expect(empty.entry).toBeUndefined();
    expect(empty.updated).toBe('1970-01-01T00:00:00Z');
  });
});

describe('checkEmptyFeeds', () => {
  const collections = [
    { name: 'posts', include: ['posts/*.md'], schema: () => null as never, template: 'page', dates: { published: 'date' } },
  ];
  const dated = createCatalogue([makeEntry('posts', '/posts/a', {}, { dates: { published: '2026-01-01' } })]);
  const undated = createCatalogue([makeEntry('posts', '/posts/a', { createdDate: undefined })]);

  it('says nothing of a feed with items', () => {
    expect(checkEmptyFeeds({ feeds: [feed], collections }, dated)).toEqual([]);
  });

  it('warns of a feed with no item, naming the date field it looked for', () => {
    const [warning, ...rest] = checkEmptyFeeds({ feeds: [feed], collections }, undated);
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({ code: 'empty-feed', severity: 'warning', field: 'feeds[0]' });
    expect(warning!.message).toBe('The feed /posts/rss.xml has no item: none of the 1 visible entries of "posts" has a date.');
    expect(warning!.hint).toContain('dates.published');
  });

  it('warns of a feed whose collection names no date field', () => {
    const [warning] = checkEmptyFeeds({ feeds: [feed], collections: [{ ...collections[0]!, dates: undefined }] }, undated);
    expect(warning!.message).toBe('The feed /posts/rss.xml has no item: the collection "posts" names no date field.');
    expect(warning!.hint).toBe('Add dates: { published: \'<your date field>\' } to the collection "posts".');
  });
});
