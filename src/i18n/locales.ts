import type { I18nDefinition, LocaleDefinition } from './definition.ts';

/** A locale as pages see it (`PageProps.locale`): every field filled in. */
export interface Locale {
  code: string;
  /** Its name in its own language, for a language switcher. */
  name: string;
  dir: 'ltr' | 'rtl';
  /** The language tag of `<html lang>`, `hreflang`, feeds and `Intl`. */
  lang: string;
}

/** A site's locales, resolved once: one for a site without `i18n` (its `lang`), else those it declares. */
export interface Locales {
  /** Whether the site declares `i18n`; a site without it builds exactly as before it existed. */
  multilingual: boolean;
  list: readonly Locale[];
  default: Locale;
  fallback: boolean;
  get(code: string): Locale | undefined;
  /** The URL prefix of a locale: `''` for the default one (unless `prefixDefaultLocale`), else `/de`. */
  prefix(code: string): string;
}

/** Languages written right to left, by their primary subtag (ISO 639). */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);
/** Scripts written right to left, by their ISO 15924 subtag (`ku-Arab`, `pa-Arab`). */
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'thaa', 'syrc', 'nkoo', 'adlm', 'mand', 'samr', 'rohg']);

/** The direction of a language tag's script: `rtl` for Arabic, Persian, Hebrew, Urdu and the like, or a tag naming an RTL script. */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  const [language = '', ...rest] = tag.toLowerCase().split(/[-_]/);
  const script = rest.find((subtag) => subtag.length === 4);
  if (script) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** A language's name in itself (`de` → `Deutsch`), or the tag when `Intl` does not know it. */
export function nativeName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}

/** A declared locale with its defaults filled in. */
export function resolveLocale(declared: string | LocaleDefinition): Locale {
  const { code, name, dir, lang } = typeof declared === 'string' ? { code: declared } : declared;
  const tag = lang ?? code;
  return { code, name: name ?? nativeName(tag), dir: dir ?? directionOf(tag), lang: tag };
}

const resolved = new WeakMap<object, Locales>();

/**
 * A site's locales, resolved on first use and kept with the site. A site without `i18n` has one
 * locale whose code is its `lang` (`en-US`): its entries say `locale: 'en-US'`, and no URL or
 * page changes.
 */
export function localesOf(site: { lang?: string; i18n?: I18nDefinition }): Locales {
  let locales = resolved.get(site);
  if (!locales) resolved.set(site, (locales = makeLocales(site)));
  return locales;
}

function makeLocales(site: { lang?: string; i18n?: I18nDefinition }): Locales {
  const i18n = site.i18n;
  const list = i18n ? i18n.locales.map(resolveLocale) : [resolveLocale(site.lang ?? 'en')];
  const byCode = new Map(list.map((locale) => [locale.code, locale]));
  const fallbackLocale = list[0]!;
  const defaultLocale = (i18n && byCode.get(i18n.defaultLocale)) || fallbackLocale;
  const prefixDefault = i18n?.prefixDefaultLocale === true;
  return {
    multilingual: i18n !== undefined,
    list,
    default: defaultLocale,
    fallback: i18n?.fallback === true,
    get: (code) => byCode.get(code),
    prefix: (code) => (!i18n || (code === defaultLocale.code && !prefixDefault) ? '' : `/${code}`),
  };
}
