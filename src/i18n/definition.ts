/** One locale of a multilingual site, when its code alone does not say enough (see `I18nDefinition.locales`). */
export interface LocaleDefinition {
  /** The locale's code: its content folder (`content/de/`), file suffix (`about.de.md`) and URL prefix (`/de/`). */
  code: string;
  /** Its name in its own language, for a language switcher (default: what `Intl.DisplayNames` calls it, `Deutsch`). */
  name?: string;
  /** The direction of its script (default: `rtl` for Arabic, Persian, Hebrew, Urdu and other right-to-left scripts, else `ltr`). */
  dir?: 'ltr' | 'rtl';
  /** The language tag written in `<html lang>`, `hreflang` and feeds (default: the code). */
  lang?: string;
}

/** The site's own interface words of one locale: a key (`nav.home`) and its text, which may hold `{name}` placeholders. */
export type UiStrings = Readonly<Record<string, string>>;

/**
 * The keys `t()` takes on a site whose tables are `S`: those every table has. With it a typo'd
 * key is a compile error in the templates (`PageProps<Data, UiStringKey<typeof strings>>`), not
 * only at load and render. A type parameter rather than a module augmentation (as i18next and
 * Astro offer): an augmentation is global to a TypeScript program, and one program may hold
 * several sites (this repository type-checks its starters and examples together).
 */
export type UiStringKey<S extends Readonly<Record<string, UiStrings>>> = keyof S[keyof S] & string;

/** `t(key, values?)`: the interface word for `key` in the page's locale, `{name}` placeholders filled from `values`. */
export type Translate<K extends string = string> = (key: K, values?: Readonly<Record<string, string | number>>) => string;

/**
 * Declares the site's tables of words (`i18n.strings`), returned unchanged, their keys kept as
 * written so that `UiStringKey<typeof strings>` names them; a table that is not text is refused here.
 */
export function defineStrings<S extends Readonly<Record<string, UiStrings>>>(tables: S): S {
  return tables;
}

/** A site in several languages (`SiteDefinition.i18n`); see docs/multilingual.md. */
export interface I18nDefinition {
  /** The code of the locale whose pages are at the root (`/posts/x`) and that `x-default` names. */
  defaultLocale: string;
  /** Every locale of the site: a code (`'de'`) or a `LocaleDefinition`. */
  locales: (string | LocaleDefinition)[];
  /** Whether the default locale's URLs carry its prefix too (`/en/posts/x`; default false: `/posts/x`). */
  prefixDefaultLocale?: boolean;
  /**
   * What a locale shows for a page it has no translation of (default false: nothing, the page is
   * absent there). True renders the default locale's page under the locale's URL, with a notice
   * and a canonical link to the original.
   */
  fallback?: boolean;
  /** The site's interface words per locale code (`{ en: { 'nav.home': 'Home' }, de: { 'nav.home': 'Startseite' } }`), read by `t(key)`. */
  strings?: Record<string, UiStrings>;
  /**
   * A key of the default locale's table that another locale's lacks: `'error'` (the default)
   * stops the build at that table and key; `'warn'` warns and shows the default locale's text.
   */
  missingStrings?: 'error' | 'warn';
}
