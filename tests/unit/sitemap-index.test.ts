import { describe, expect, it } from 'vitest';
import { renderSitemap, sitemapFiles } from '../../src/seo/crawlers.ts';
import { localesOf } from '../../src/i18n/locales.ts';
import type { SiteContext } from '../../src/site/context.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import { makeEntry } from '../helpers/entries.ts';

/**
 * The sitemap protocol allows 50,000 URLs and 50 MB per file; past either, `sitemap.xml` becomes a
 * `<sitemapindex>` of `sitemap-1.xml`, `sitemap-2.xml`… Small limits stand in for the protocol's here.
 */
const site = { i18n: { defaultLocale: 'en', locales: ['en', 'de'] } } as unknown as SiteDefinition;
const locales = localesOf(site);
const context = { url: (path: string) => `https://o.example${path}` } as SiteContext;
const entries = ['en', 'de'].flatMap((locale) =>
  ['a', 'b', 'c', 'ü'].map((name) =>
    makeEntry('pages', locale === 'en' ? `/${name}/` : `/${locale}/${name}/`, {}, { locale, translationKey: name }),
  ),
);
const text = (contents: string | Uint8Array) => (typeof contents === 'string' ? contents : Buffer.from(contents).toString());
const locs = (xml: string) => [...xml.matchAll(/<url>\n {4}<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('the sitemap index', () => {
  it('is not made while the sitemap keeps within the limits', () => {
    const files = sitemapFiles(entries, context, locales);
    expect(files.map((file) => file.path)).toEqual(['sitemap.xml']);
    expect(text(files[0]!.contents)).toBe(renderSitemap(entries, context, locales));
  });

  it('splits by URL count, every URL in one part, in order', () => {
    const files = sitemapFiles(entries, context, locales, { urls: 3, bytes: 1e9 });
    expect(files.map((file) => file.path)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    const index = text(files[0]!.contents);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(
      ['1', '2', '3'].map((n) => `https://o.example/sitemap-${n}.xml`),
    );
    const parts = files.slice(1).map((file) => locs(text(file.contents)));
    expect(parts.map((part) => part.length)).toEqual([3, 3, 2]);
    expect(parts.flat()).toEqual(locs(renderSitemap(entries, context, locales)));
    for (const file of files.slice(1)) expect(text(file.contents)).toMatch(/^<\?xml[\s\S]*<urlset[\s\S]*<\/urlset>\n$/);
  });

  it('splits by bytes, no part over the limit', () => {
    const limit = 1_500;
    const files = sitemapFiles(entries, context, locales, { urls: 50_000, bytes: limit });
    expect(files.length).toBeGreaterThan(2);
    for (const file of files.slice(1)) expect(Buffer.byteLength(text(file.contents))).toBeLessThanOrEqual(limit);
    expect(files.slice(1).flatMap((file) => locs(text(file.contents)))).toEqual(locs(renderSitemap(entries, context, locales)));
  });
});
