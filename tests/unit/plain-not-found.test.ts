import { describe, expect, it } from 'vitest';
import type { Route } from '../../src/routes/routes.ts';
import { plainNotFoundFiles } from '../../src/seo/plain-not-found.ts';

const text = (file: { contents: string | Uint8Array }) => String(file.contents);

describe("the engine's plain 404 page", () => {
  it('is written in the site’s language for a site without i18n', () => {
    const [file, ...more] = plainNotFoundFiles({ name: 'Notes', lang: 'en-GB' }, []);
    expect(more).toEqual([]);
    expect(file!.path).toBe('404.html');
    expect(text(file!)).toContain('<html lang="en-GB">');
    expect(text(file!)).toContain('<h1>Page not found</h1>');
    expect(text(file!)).toContain('<a href="/">Go to the home page</a>');
  });

  it('is one per locale of a multilingual site, in its language and direction, leading to its home', () => {
    const site = { name: 'Polyglot', lang: 'en', i18n: { defaultLocale: 'en', locales: ['en', 'de', 'ar'] } };
    const files = plainNotFoundFiles(site, []);
    expect(files.map((file) => file.path)).toEqual(['404.html', 'de/404.html', 'ar/404.html']);
    const de = text(files[1]!);
    expect(de).toContain('<html lang="de">');
    expect(de).toContain('<h1>Seite nicht gefunden</h1>');
    expect(de).toContain('<a href="/de">Zur Startseite</a>');
    const ar = text(files[2]!);
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('<a href="/ar">الذهاب إلى الصفحة الرئيسية</a>');
  });

  it('is not written where the site has a 404 page of its own', () => {
    const site = { name: 'Polyglot', lang: 'en', i18n: { defaultLocale: 'en', locales: ['en', 'de'] } };
    const own = [{ outPath: '404.html' }, { outPath: 'de/404.html' }] as Route[];
    expect(plainNotFoundFiles(site, own)).toEqual([]);
    expect(plainNotFoundFiles(site, [own[0]!]).map((file) => file.path)).toEqual(['de/404.html']);
  });
});
