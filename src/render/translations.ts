import type { Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';
import { pageUrl, type TrailingSlash } from '../core/urls.ts';
import type { Locales } from '../i18n/locales.ts';
import type { Translation } from '../i18n/page-locale.ts';
import { fallbackUrl } from '../routes/fallback.ts';

/** A page's translations, one per locale in declared order (see `Translation`); an empty list for a single-locale site. */
export function translationsOf(entry: Entry, catalogue: Catalogue, locales: Locales, style?: TrailingSlash): Translation[] {
  if (!locales.multilingual) return [];
  const found = new Map(catalogue.translations(entry).map((translation) => [translation.locale, translation]));
  return locales.list.map((locale) => {
    const translation = locale.code === entry.locale ? entry : found.get(locale.code);
    if (translation) {
      return { locale, url: translation.url, title: translation.data.title, current: translation === entry, missing: false };
    }
    // With `i18n.fallback` the locale shows the default locale's page at its own URL; without, the switcher leads home.
    const original = locales.fallback ? (entry.locale === locales.default.code ? entry : found.get(locales.default.code)) : undefined;
    if (original)
      return { locale, url: fallbackUrl(original, locale.code, locales, style), title: original.data.title, current: false, missing: true };
    const home = pageUrl(locales.prefix(locale.code) || '/', style);
    return { locale, url: home, title: catalogue.byPath(home)?.data.title ?? locale.name, current: false, missing: true };
  });
}
