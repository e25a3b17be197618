import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { isValidSvg, parseXml, pngSize } from '../helpers/images.ts';
import { hasBrowser } from './browser.ts';
import { contentOf, modes, openPage, useBrowser } from './helpers.ts';

const ORIGIN = 'https://kestrelpoint.example';

/** Every HTML page `site build` wrote, by its path in dist/. */
function builtPages(dist: string): Array<{ file: string; html: string }> {
  return fs
    .readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => ({ file, html: fs.readFileSync(path.join(dist, file), 'utf8') }));
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe.skipIf(!hasBrowser)('what site build publishes for search engines and link previews', () => {
  const dist = () => inject('distDir');

  it('gives every page of dist/ a preview image that exists, a canonical URL and structured data that parses', () => {
    const pages = builtPages(dist());
    expect(pages.length).toBeGreaterThan(20);
    for (const { file, html } of pages) {
      const canonical = attr(html, /<link rel="canonical" href="([^"]+)"\/>/);
      expect(canonical, file).toMatch(new RegExp(`^${ORIGIN}/`));
      const image = attr(html, /<meta property="og:image" content="([^"]+)"\/>/);
      expect(image, file).toMatch(new RegExp(`^${ORIGIN}/`));
      const bytes = fs.readFileSync(path.join(dist(), image!.slice(ORIGIN.length)));
      if (image!.endsWith('.png')) expect(pngSize(bytes), `${file}: ${image}`).toEqual({ width: 1200, height: 630 });
      else expect(isValidSvg(bytes.toString('utf8')), `${file}: ${image}`).toBe(true);
      const data = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]!) as Record<string, unknown>,
      );
      expect(data.length, file).toBeGreaterThan(0);
      for (const item of data) expect(item, file).toMatchObject({ '@context': 'https://schema.org', '@type': expect.any(String) });
      if (canonical !== `${ORIGIN}/`)
        expect(
          data.some((item) => item['@type'] === 'BreadcrumbList'),
          file,
        ).toBe(true);
    }
  });

  it('lists in the sitemap only pages that were built and are not hidden', () => {
    const urls = (parseXml(fs.readFileSync(path.join(dist(), 'sitemap.xml'), 'utf8')).urlset.url as Array<{ loc: string }>).map(
      (u) => u.loc,
    );
    expect(urls).toContain(`${ORIGIN}/`);
    for (const loc of urls) {
      const relative = loc.slice(ORIGIN.length + 1);
      const html = fs.readFileSync(path.join(dist(), relative ? `${relative}/index.html` : 'index.html'), 'utf8');
      expect(html, loc).not.toContain('<meta name="robots" content="noindex"/>');
    }
    expect(urls).not.toContain(`${ORIGIN}/dev/ogImages`);
  });

  it('lists every visible article in both feeds', () => {
    const visible = contentOf('blogs')
      .filter((post) => post.data.hidden !== true)
      .map((post) => `${ORIGIN}/blogs/${post.slug}`)
      .sort();
    const rss = parseXml(fs.readFileSync(path.join(dist(), 'blogs/rss.xml'), 'utf8')).rss.channel.item as Array<{
      guid: { '#text': string };
    }>;
    expect(rss.map((item) => item.guid['#text']).sort()).toEqual(visible);
    const atom = parseXml(fs.readFileSync(path.join(dist(), 'blogs/atom.xml'), 'utf8')).feed.entry as Array<{ id: string }>;
    expect(atom.map((entry) => entry.id).sort()).toEqual(visible);
  });
});

describe.skipIf(!hasBrowser).each(modes())('social images in the browser (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('shows every page’s image on /dev/ogImages, each loading at 1200×630', async () => {
    const { page, context } = await openPage(browser(), `${base}/dev/ogImages`);
    const images = page.locator('.og-item img');
    expect(await images.count()).toBeGreaterThan(20);
    for (const image of await images.all()) await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.og-item img')].every((img) => img.complete));
    const sizes = await images.evaluateAll((all) =>
      all.map((img) => `${(img as HTMLImageElement).naturalWidth}×${(img as HTMLImageElement).naturalHeight}`),
    );
    expect(new Set(sizes)).toEqual(new Set(['1200×630']));
    await context.close();
  });

  it('serves robots.txt with the sitemap and the feeds as XML', async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const feed of ['/sitemap.xml', '/blogs/rss.xml', '/blogs/atom.xml']) {
      const response = await fetch(`${base}${feed}`);
      expect(response.status, feed).toBe(200);
      expect(response.headers.get('content-type'), feed).toMatch(/xml/);
    }
  });
});
