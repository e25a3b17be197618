import type { Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';
import { pageUrl, type TrailingSlash } from '../core/urls.ts';
import { placeOfUrl } from '../i18n/content-paths.ts';
import type { Locales } from '../i18n/locales.ts';

/** Where a locale shows a default-locale page it has no translation of (`i18n.fallback`): `/posts/x` → `/de/posts/x`. */
export function fallbackUrl(entry: Entry, locale: string, locales: Locales, style?: TrailingSlash): string {
  return pageUrl(`${locales.prefix(locale)}${placeOfUrl(entry.url, locales).path}`, style);
}

/**
 * With `i18n.fallback`, one page per default-locale page and locale lacking its translation:
 * the default locale's entry under the locale's URL, marked with `fallbackOf` (its canonical,
 * and a notice). They are pages of their own (routes), not entries of the catalogue: no
 * collection, sitemap or feed lists them, and a URL a page of the locale has is never taken.
 */
export function fallbackEntries(catalogue: Catalogue, locales: Locales, style?: TrailingSlash): Entry[] {
  if (!locales.multilingual || !locales.fallback) return [];
  const fallbacks: Entry[] = [];
  for (const entry of catalogue.entries) {
    if (entry.locale !== locales.default.code) continue;
    const present = new Set(catalogue.translations(entry).map((translation) => translation.locale));
    for (const locale of locales.list) {
      if (present.has(locale.code)) continue;
      const url = fallbackUrl(entry, locale.code, locales, style);
      if (catalogue.byPath(url)) continue;
      fallbacks.push({ ...entry, url, locale: locale.code, fallbackOf: entry.url });
    }
  }
  return fallbacks;
}
