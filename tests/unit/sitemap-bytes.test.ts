import { describe, expect, it } from 'vitest';
// The runner's fast paths, put in place as a build puts them.
import '../../src/runner/fast-paths/index.ts';
import type { Catalogue } from '../../src/content/catalogue.ts';
import { renderSitemap, seoFiles } from '../../src/seo/crawlers.ts';
import { localesOf } from '../../src/i18n/locales.ts';
import { encodedLines } from '../../src/runner/fast-paths/encoded-lines.ts';
import type { SiteContext } from '../../src/site/context.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import { makeEntry } from '../helpers/entries.ts';

/**
 * A multilingual sitemap names every translation of every page: at 40 locales × 1,000 pages it
 * is 172 MB. With the fast paths on, it is made as bytes line by line, never as one string
 * (`runner/fast-paths/encoded-lines.ts`); the bytes are the text's.
 */
const site = {
  robots: false,
  i18n: { defaultLocale: 'en', locales: ['en', 'de', { code: 'ar', dir: 'rtl' }] },
} as unknown as SiteDefinition;
const context = { url: (path: string) => `https://o.example${path}` } as SiteContext;
const entries = ['en', 'de', 'ar'].flatMap((locale) =>
  ['a', 'b&c', 'ünï'].map((name) =>
    makeEntry('pages', locale === 'en' ? `/${name}/` : `/${locale}/${name}/`, {}, { locale, translationKey: name }),
  ),
);

describe('the sitemap, with the fast paths on', () => {
  it('is bytes, those of its text, alternates and all', () => {
    const [sitemap] = seoFiles(site, { entries } as unknown as Catalogue, context);
    expect(sitemap!.path).toBe('sitemap.xml');
    expect(sitemap!.contents).toBeInstanceOf(Uint8Array);
    const text = renderSitemap(entries, context, localesOf(site));
    expect(text).toContain('hreflang="ar"');
    expect(Buffer.from(sitemap!.contents).equals(Buffer.from(text))).toBe(true);
  });

  it.each([[[]], [['']], [['a', '']], [['', 'a']], [['é', 'ü€', '']], [['x', '', 'y']]])(
    'joins %j as join("\\n") would encode it',
    (lines) => {
      expect(Buffer.from(encodedLines(() => lines)).equals(Buffer.from(lines.join('\n')))).toBe(true);
    },
  );
});
