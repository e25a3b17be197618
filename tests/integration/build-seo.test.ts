import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createSite } from '../../templates/site.ts';
import { isValidSvg, parseXml, pngSize } from '../helpers/images.ts';

const ORIGIN = 'https://kestrelpoint.example';
const content = path.resolve('tests/fixtures/small-site/content');
// A cache of its own, so the first build starts cold whatever other tests or builds left behind.
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-og-cache-'));
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

const writer = memoryWriter();
const first = await build(createSite(content), writer, { og: { cacheDir } });
const files = new Map(writer.files);
const text = (file: string) => new TextDecoder().decode(files.get(file) ?? new Uint8Array());
const pages = first.routes.map((route) => ({ route, html: text(route.outPath) }));
const meta = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)].find((m) => m[1] === key)?.[2]?.replaceAll('&amp;', '&');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, any>);
const ofType = (html: string, type: string) => jsonLd(html).find((item) => item['@type'] === type);
const page = (url: string) => pages.find((p) => p.route.url === url && p.route.outPath !== '404.html')!.html;

describe('social images, meta tags and crawler files of the small site', () => {
  it('builds with no diagnostics and draws every page it does not name a hand-made image for', () => {
    expect(first.diagnostics).toEqual([]);
    expect(first.og).toEqual({ drawn: first.catalogue.entries.length - 1, reused: 0 });
  });

  it('gives every built page an og:image that exists: a 1200×630 PNG, or a valid SVG when the page names one', () => {
    for (const { route, html } of pages) {
      const image = meta(html, 'og:image');
      expect(image, route.outPath).toMatch(new RegExp(`^${ORIGIN}/`));
      const bytes = files.get(image!.slice(ORIGIN.length + 1));
      expect(bytes, `${route.outPath}: ${image}`).toBeDefined();
      if (meta(html, 'og:image:type') === 'image/png') expect(pngSize(bytes!), route.outPath).toEqual({ width: 1200, height: 630 });
      else expect(isValidSvg(new TextDecoder().decode(bytes)), route.outPath).toBe(true);
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')], route.outPath).toEqual(['1200', '630']);
      expect(meta(html, 'og:image:alt'), route.outPath).toBeTruthy();
    }
    expect(meta(page('/privacy-policy'), 'og:image')).toBe(`${ORIGIN}/images/og-card.svg`);
    expect(meta(page('/privacy-policy'), 'og:image:type')).toBe('image/svg+xml');
    expect(meta(page('/'), 'og:image')).toBe(`${ORIGIN}/og/index.png`);
  });

  it('describes every page to link previews: title, description, URL, type, site name, large card, canonical', () => {
    for (const { route, html } of pages) {
      const canonical = `${ORIGIN}${route.url}`;
      expect(html, route.outPath).toContain(`<link rel="canonical" href="${canonical}"/>`);
      expect(meta(html, 'og:url'), route.outPath).toBe(canonical);
      expect(meta(html, 'og:title'), route.outPath).toBe(route.entry.data.title);
      expect(meta(html, 'og:description'), route.outPath).toBe(route.entry.data.description);
      expect(meta(html, 'og:site_name'), route.outPath).toBe('Kestrel Point Consulting');
      expect(meta(html, 'twitter:card'), route.outPath).toBe('summary_large_image');
    }
    expect(meta(page('/blogs/first-post'), 'og:type')).toBe('article');
    expect(meta(page('/about/team/ada-lovelace'), 'og:type')).toBe('profile');
    expect(meta(page('/about/company'), 'og:type')).toBe('website');
  });

  it('draws nothing on a second build with no changes, and publishes the same bytes', async () => {
    const again = memoryWriter();
    const second = await build(createSite(content), again, { og: { cacheDir } });
    expect(second.og).toEqual({ drawn: 0, reused: first.og!.drawn });
    for (const [file, bytes] of files) if (file.startsWith('og/')) expect(Buffer.compare(bytes, again.files.get(file)!), file).toBe(0);
  });

  it('redraws only the image of the page whose text changed', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'site-og-content-'));
    try {
      fs.cpSync(content, copy, { recursive: true });
      const file = path.join(copy, 'about/company.md');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: "Company"', 'title: "The company"'));
      const changed = await build(createSite(copy), memoryWriter(), { og: { cacheDir } });
      expect(changed.og).toEqual({ drawn: 1, reused: first.og!.drawn - 1 });
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('lists every page on /dev/ogImages with its image beside a link to it, and keeps that page out of menus and the index', () => {
    const html = page('/dev/ogImages');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    for (const entry of first.catalogue.entries) {
      const image = meta(text(entry.url === '/' ? 'index.html' : `${entry.url.slice(1)}/index.html`), 'og:image')!.slice(ORIGIN.length);
      expect(html, entry.url).toMatch(new RegExp(`<img src="${image}"[^>]*>(<!-- -->)?<a href="${entry.url}">`));
    }
    expect(page('/')).not.toContain('href="/dev/ogImages"');
  });
});

describe('sitemap, robots.txt and feeds of the small site', () => {
  const visible = first.catalogue.entries.filter((entry) => !entry.hidden);

  it('lists every visible page in the sitemap, each mapping to a built page, with lastmod from its dates', () => {
    const urls = parseXml(text('sitemap.xml')).urlset.url as Array<{ loc: string; lastmod?: string }>;
    expect(urls.map((u) => u.loc).sort()).toEqual(visible.map((entry) => `${ORIGIN}${entry.url}`).sort());
    for (const { loc, lastmod } of urls) {
      const route = first.routes.find((r) => `${ORIGIN}${r.url}` === loc)!;
      expect(files.has(route.outPath), loc).toBe(true);
      expect(route.noindex, loc).toBe(false);
      const data = route.entry.data as { createdDate?: string; updatedDate?: string };
      expect(lastmod, loc).toBe(data.updatedDate ?? data.createdDate);
    }
    expect(urls.find((u) => u.loc === `${ORIGIN}/privacy-policy`)?.lastmod).toBe('2026-01-01');
  });

  it('names the sitemap in robots.txt and keeps crawlers out of /dev/', () => {
    expect(text('robots.txt')).toBe(`User-agent: *\nDisallow: /dev/\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });

  it('publishes RSS and Atom feeds listing every visible article, newest first, with its full content', () => {
    const articles = first.catalogue.collection('blogs', { order: 'newest' }).map((entry) => `${ORIGIN}${entry.url}`);
    expect(articles).toHaveLength(2);
    const rss = parseXml(text('blogs/rss.xml')).rss.channel;
    expect(rss.item.map((item: { link: string[] }) => item.link[0])).toEqual(articles);
    expect(rss.item[1]['dc:creator']).toBe('Ada Lovelace');
    expect(rss.item[0]['content:encoded']).toContain('<h2 id="a-section">A section</h2>');
    const atom = parseXml(text('blogs/atom.xml')).feed;
    expect(atom.entry.map((entry: { id: string }) => entry.id)).toEqual(articles);
    expect(atom.entry[0].content['#text']).toContain('<h2 id="a-section">A section</h2>');
    expect(atom.updated).toBe('2025-01-02T00:00:00Z');
  });

  it('links both feeds from the head of every page', () => {
    for (const { route, html } of pages) {
      expect(html, route.outPath).toContain(
        '<link rel="alternate" type="application/rss+xml" title="Kestrel Point Consulting Insights" href="/blogs/rss.xml"/>',
      );
      expect(html, route.outPath).toContain('href="/blogs/atom.xml"');
    }
  });
});

const url = z.url().startsWith(ORIGIN);
const organizationRef = z.object({ '@type': z.literal('Organization'), name: z.string().min(1), url });
const schemas = {
  Organization: organizationRef.extend({
    logo: url,
    email: z.email(),
    sameAs: z.array(z.url()).refine((all) => all.some((u) => u.includes('linkedin.com'))),
  }),
  Person: z.object({ name: z.string(), jobTitle: z.string(), image: url, sameAs: z.array(z.url()).min(1), worksFor: organizationRef, url }),
  BlogPosting: z.object({
    headline: z.string(),
    datePublished: z.iso.date(),
    dateModified: z.iso.date(),
    image: url,
    publisher: organizationRef,
    author: z.union([organizationRef, z.object({ '@type': z.literal('Person'), name: z.string(), url, image: url, jobTitle: z.string() })]),
  }),
  Article: z.object({
    headline: z.string(),
    publisher: z.object({ '@type': z.literal('Organization'), name: z.string() }),
    about: z.array(z.object({ '@type': z.literal('Organization'), name: z.string(), url: z.url() })).min(1),
    image: url,
  }),
  Service: z.object({ name: z.string(), provider: organizationRef, url }),
};

describe('structured data of the small site', () => {
  it.each([
    ['/', 'Organization'],
    ['/about/team/ada-lovelace', 'Person'],
    ['/blogs/first-post', 'BlogPosting'],
    ['/blogs/second-post', 'BlogPosting'],
    ['/projects/alpha', 'Article'],
    ['/services/data', 'Service'],
  ] as const)('describes %s as a valid %s', (pageUrl, type) => {
    const item = ofType(page(pageUrl), type);
    expect(item?.['@context']).toBe('https://schema.org');
    const parsed = schemas[type].safeParse(item);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('names the author of an article as a Person, or the firm when it has none', () => {
    expect(ofType(page('/blogs/first-post'), 'BlogPosting')!.author).toMatchObject({
      '@type': 'Person',
      name: 'Ada Lovelace',
      jobTitle: 'Founder',
    });
    expect(ofType(page('/blogs/second-post'), 'BlogPosting')!.author).toMatchObject({
      '@type': 'Organization',
      name: 'Kestrel Point Consulting',
    });
    expect(ofType(page('/projects/alpha'), 'Article')!.about).toEqual([
      { '@type': 'Organization', name: 'Client alpha', url: 'https://alpha.example' },
    ]);
  });

  it('gives every page below home a BreadcrumbList from Home to the page itself', () => {
    expect(ofType(page('/'), 'BreadcrumbList')).toBeUndefined();
    for (const { route, html } of pages.filter((p) => p.route.url !== '/')) {
      const items = ofType(html, 'BreadcrumbList')?.itemListElement as Array<{ position: number; name: string; item: string }>;
      expect(items?.[0], route.outPath).toMatchObject({ position: 1, name: 'Home', item: `${ORIGIN}/` });
      expect(items.at(-1), route.outPath).toMatchObject({ position: items.length, item: `${ORIGIN}${route.url}` });
    }
    const crumbs = ofType(page('/about/team/ada-lovelace'), 'BreadcrumbList')!.itemListElement.map((i: { name: string }) => i.name);
    expect(crumbs).toEqual(['Home', 'Team', 'Ada Lovelace']);
  });
});
