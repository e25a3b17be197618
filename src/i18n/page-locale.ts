import { pageUrl, type TrailingSlash } from '../core/urls.ts';
import { closest } from '../diagnostics/suggest.ts';
import { say } from '../diagnostics/catalogue/index.ts';
import type { I18nDefinition } from './definition.ts';
import type { Locale, Locales } from './locales.ts';

/** A page's locale, as `PageProps.locale` gives it: the locale, and the URL of its home page (`/`, `/de`). */
export interface PageLocale extends Locale {
  home: string;
}

/** A locale with the URL of its home page in the site's URL style. */
export function pageLocale(locale: Locale, locales: Locales, style?: TrailingSlash): PageLocale {
  return { ...locale, home: pageUrl(locales.prefix(locale.code) || '/', style) };
}

/** The page in one locale of the site, for a language switcher (`PageProps.translations`). */
export interface Translation {
  locale: Locale;
  /** The translation's URL; the locale's home when the page has none there (`missing`). */
  url: string;
  /** The translation's title; the locale's home page's (else its name) when missing. */
  title: string;
  /** This is the page being rendered. */
  current: boolean;
  /** The page has no translation in this locale: `url` leads to the locale's home instead (with `i18n.fallback`, to the page shown there in the default locale's language). */
  missing: boolean;
}

/** Formats dates for one locale, in UTC so that a build gives the same text wherever it runs. */
export function dateFormatter(locale: Locale): (date: string | Date, options?: Intl.DateTimeFormatOptions) => string {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (date, options = { dateStyle: 'long' }) => {
    const key = JSON.stringify(options);
    let format = formats.get(key);
    if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale.lang, { timeZone: 'UTC', ...options })));
    return format.format(typeof date === 'string' ? new Date(date) : date);
  };
}

/** Thrown by `t(key)` for a key no table has: the page fails to render with `unknown-ui-string`. */
export class UnknownUiStringError extends Error {
  readonly key: string;
  readonly suggestion: string | undefined;
  constructor(key: string, suggestion: string | undefined) {
    super(say('unknown-ui-string', { key, suggestion }).message);
    this.key = key;
    this.suggestion = suggestion;
  }
}

/**
 * `t(key, values)` for one locale: its table's text, else (a key `missingStrings: 'warn'` let
 * through) the default locale's; `{name}` placeholders filled from `values`. A key of no table throws.
 */
export function translator(
  i18n: I18nDefinition | undefined,
  locale: string,
): (key: string, values?: Readonly<Record<string, string | number>>) => string {
  const own = i18n?.strings?.[locale] ?? {};
  const base = i18n?.strings?.[i18n.defaultLocale] ?? {};
  return (key, values) => {
    const text = Object.hasOwn(own, key) ? own[key] : Object.hasOwn(base, key) ? base[key] : undefined;
    if (text === undefined) throw new UnknownUiStringError(key, closest(key, Object.keys(base)));
    return values
      ? text.replace(/\{(\w+)\}/g, (written, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : written))
      : text;
  };
}
