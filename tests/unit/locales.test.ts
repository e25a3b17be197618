import { describe, expect, it } from 'vitest';
import { localizedUrl, placeOf, placeOfUrl, undeclaredLocaleFolder } from '../../src/i18n/content-paths.ts';
import { ENGINE_LANGUAGES, engineWords } from '../../src/i18n/engine-words.ts';
import { directionOf, localesOf, nativeName } from '../../src/i18n/locales.ts';
import { dateFormatter, translator } from '../../src/i18n/page-locale.ts';

const site = {
  lang: 'en',
  i18n: { defaultLocale: 'en', locales: ['en', 'de', { code: 'ar', name: 'العربية', dir: 'rtl' as const, lang: 'ar-EG' }] },
};
const locales = localesOf(site);

describe('locales', () => {
  it('fill in name, direction and language tag', () => {
    expect(locales.list).toEqual([
      { code: 'en', name: 'English', dir: 'ltr', lang: 'en' },
      { code: 'de', name: 'Deutsch', dir: 'ltr', lang: 'de' },
      { code: 'ar', name: 'العربية', dir: 'rtl', lang: 'ar-EG' },
    ]);
    expect(['ar', 'fa', 'he', 'ur', 'ku-Arab', 'en', 'zh-Hans', 'az-Latn'].map(directionOf)).toEqual([
      'rtl',
      'rtl',
      'rtl',
      'rtl',
      'rtl',
      'ltr',
      'ltr',
      'ltr',
    ]);
    expect(nativeName('ja')).toBe('日本語');
  });

  it('are one, the site lang, for a site without i18n, which keeps its paths and URLs', () => {
    const single = localesOf({ lang: 'en-US' });
    expect(single.multilingual).toBe(false);
    expect(single.default.code).toBe('en-US');
    expect(placeOf('de/about.md', single)).toEqual({ locale: 'en-US', path: 'de/about.md' });
    expect(localizedUrl('about.de.md', single).url).toBe('/about.de');
  });

  it('place a file by its locale folder or suffix, and its URL under the prefix', () => {
    expect(placeOf('de/posts/x.md', locales)).toEqual({ locale: 'de', path: 'posts/x.md' });
    expect(placeOf('posts/x.ar.md', locales)).toEqual({ locale: 'ar', path: 'posts/x.md' });
    expect(placeOf('posts/x.fr.md', locales)).toEqual({ locale: 'en', path: 'posts/x.fr.md' });
    expect(placeOf('design/x.md', locales)).toEqual({ locale: 'en', path: 'design/x.md' });
    expect(localizedUrl('de/index.md', locales).url).toBe('/de');
    expect(localizedUrl('ar/posts/x.md', locales, 'always').url).toBe('/ar/posts/x/');
    expect(localizedUrl('index.md', locales).url).toBe('/');
    expect(placeOfUrl('/de/tags/x', locales)).toEqual({ locale: 'de', path: '/tags/x' });
    expect(placeOfUrl('/design', locales)).toEqual({ locale: 'en', path: '/design' });
    const prefixed = localesOf({ ...site, i18n: { ...site.i18n, prefixDefaultLocale: true } });
    expect(localizedUrl('posts/x.md', prefixed).url).toBe('/en/posts/x');
  });

  it('take a folder named as an undeclared language for a locale folder, and no other', () => {
    expect(undeclaredLocaleFolder('fr/about.md', locales)).toBe('fr');
    expect(undeclaredLocaleFolder('pt-BR/about.md', locales)).toBe('pt-BR');
    for (const relative of ['posts/x.md', 'dev/x.md', 'api/x.md', 'img/x.md', 'de/x.md', 'about.md'])
      expect(undeclaredLocaleFolder(relative, locales), relative).toBeUndefined();
  });
});

describe('what a page of a locale is given', () => {
  it('formats dates for the locale, in UTC', () => {
    expect(dateFormatter(locales.get('de')!)('2024-05-01')).toBe('1. Mai 2024');
    expect(dateFormatter(locales.list[0]!)('2024-05-01T23:30:00Z', { dateStyle: 'short' })).toBe('5/1/24');
  });

  it("finds a key in the locale's table, else the default's, and fills placeholders", () => {
    const i18n = { ...site.i18n, strings: { en: { hi: 'Hello {name}', bye: 'Bye' }, de: { hi: 'Hallo {name}' } } };
    const t = translator(i18n, 'de');
    expect(t('hi', { name: 'Ada' })).toBe('Hallo Ada');
    expect(t('bye')).toBe('Bye');
    expect(() => t('hii')).toThrow('t("hii") names a key of no table of i18n.strings.');
  });

  it("has the engine's words in twelve languages, English for others", () => {
    expect(ENGINE_LANGUAGES.sort()).toEqual(['ar', 'de', 'el', 'en', 'es', 'fa', 'fr', 'he', 'ja', 'ko', 'ru', 'zh']);
    expect(engineWords('de-AT').notFound).toBe('Nicht gefunden');
    expect(engineWords('sw')).toEqual(engineWords('en'));
    for (const language of ENGINE_LANGUAGES) expect(engineWords(language).movedText, language).toContain('{link}');
  });
});
