import { describe, expect, it } from 'vitest';
import { renderRobots, renderSitemap } from '../../src/seo/crawlers.ts';
import { makeEntry } from '../helpers/entries.ts';
import { parseXml } from '../helpers/images.ts';

const site = { url: (path: string) => `https://o.example${path}` };

describe('renderSitemap', () => {
  const entries = [
    makeEntry('pages', '/b', { updatedDate: '2024-05-01', createdDate: '2024-01-01' }),
    makeEntry('pages', '/', {}),
    makeEntry('pages', '/a&b', { createdDate: '2023-02-03' }),
    makeEntry('pages', '/secret', { hidden: true }),
  ];
  const urls = parseXml(renderSitemap(entries, site)).urlset.url as Array<{ loc: string; lastmod?: string }>;

  it('lists visible pages by URL path, escaped, and leaves hidden ones out', () => {
    expect(urls.map((u) => u.loc)).toEqual(['https://o.example/', 'https://o.example/a&b', 'https://o.example/b']);
    expect(renderSitemap(entries, site)).toContain('<loc>https://o.example/a&amp;b</loc>');
  });

  it('takes lastmod from updatedDate, else createdDate, else gives none', () => {
    expect(urls.map((u) => u.lastmod)).toEqual([undefined, '2023-02-03', '2024-05-01']);
  });
});

describe('renderRobots', () => {
  it.each([
    [{}, 'https://o.example/sitemap.xml', 'User-agent: *\nAllow: /\n\nSitemap: https://o.example/sitemap.xml\n'],
    [{ disallow: ['/dev/', '/drafts/'] }, undefined, 'User-agent: *\nDisallow: /dev/\nDisallow: /drafts/\n'],
  ])('writes %j with sitemap %s', (robots, sitemap, expected) => {
    expect(renderRobots(robots, sitemap)).toBe(expected);
  });
});
