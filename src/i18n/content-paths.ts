import { pageUrl, urlForContentFile, type TrailingSlash } from '../core/urls.ts';
import type { Locales } from './locales.ts';

/** Where a content file stands among the locales: its locale, and its path as the default locale's file would have it. */
export interface LocalePlace {
  locale: string;
  /** The path without its locale folder or suffix: `de/posts/x.md` and `posts/x.de.md` are both `posts/x.md`. */
  path: string;
}

/** A `.de` before a page's or data file's extension: `about.de.md`, `team.de.yaml`. */
const SUFFIX = /\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*)(\.[A-Za-z0-9]+)$/;

/**
 * The locale of a content file (path relative to the content folder): its first folder when that
 * is a declared locale (`de/posts/x.md`), else a declared locale's suffix (`posts/x.de.md`), else
 * the default locale. A site without `i18n` has one locale, and every path stays as it is.
 */
export function placeOf(relative: string, locales: Locales): LocalePlace {
  if (!locales.multilingual) return { locale: locales.default.code, path: relative };
  const slash = relative.indexOf('/');
  const folder = slash > 0 ? relative.slice(0, slash) : undefined;
  if (folder !== undefined && locales.get(folder)) return { locale: folder, path: relative.slice(slash + 1) };
  const suffix = SUFFIX.exec(relative);
  if (suffix && locales.get(suffix[1]!)) {
    return { locale: suffix[1]!, path: relative.slice(0, suffix.index) + suffix[2]! };
  }
  return { locale: locales.default.code, path: relative };
}

/** The URL of a content file in its locale: `de/posts/x.md` → `/de/posts/x`; `index.md` of the default locale → `/`. */
export function localizedUrl(
  relative: string,
  locales: Locales,
  style: TrailingSlash = 'never',
): { url: string; listPage: boolean; place: LocalePlace } {
  const place = placeOf(relative, locales);
  const { url, listPage } = urlForContentFile(place.path, style);
  const prefix = locales.prefix(place.locale);
  return { url: prefix ? pageUrl(`${prefix}${url}`, style) : url, listPage, place };
}

/** A path's first folder when it looks like a locale code that the site does not declare (`fr/` of a site in en and de). */
export function undeclaredLocaleFolder(relative: string, locales: Locales): string | undefined {
  if (!locales.multilingual) return undefined;
  const slash = relative.indexOf('/');
  if (slash <= 0) return undefined;
  const folder = relative.slice(0, slash);
  if (locales.get(folder) || !/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(folder)) return undefined;
  return isKnownLanguage(folder) ? folder : undefined;
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Whether `Intl` knows a tag's language (`fr`, `pt-BR`): `posts` or `img` are no locale. */
function isKnownLanguage(tag: string): boolean {
  try {
    return LANGUAGE_NAMES.of(tag) !== undefined;
  } catch {
    return false;
  }
}

/** The locale a URL path belongs to by its prefix (`/de/tags/x` → `de`, with the path `/tags/x`), else the default locale. */
export function placeOfUrl(url: string, locales: Locales): LocalePlace {
  if (locales.multilingual) {
    for (const locale of locales.list) {
      const prefix = locales.prefix(locale.code);
      if (prefix && (url === prefix || url.startsWith(`${prefix}/`))) return { locale: locale.code, path: url.slice(prefix.length) || '/' };
    }
  }
  return { locale: locales.default.code, path: url };
}
