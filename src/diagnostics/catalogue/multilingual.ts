import { area, entry } from './define.ts';

/** Mistakes of a multilingual site (docs/multilingual.md): its locales, its translations, its interface words. */
export const multilingual = area({
  title: 'Multilingual sites',
  intro: 'Reported for sites that declare `i18n` (see [multilingual.md](multilingual.md)).',
  codes: {
    'undeclared-locale': entry<{ folder: string; declared: readonly string[] }>({
      severity: 'error',
      message: (p) => `The folder content/${p.folder}/ looks like the locale "${p.folder}", which i18n.locales does not declare.`,
      hint: (p) =>
        `Add '${p.folder}' to i18n.locales (it declares ${p.declared.join(', ')}), or rename the folder if it holds no translations.`,
      cause: 'a multilingual site has a top-level content folder named as a language (`fr/`) that is not one of its locales',
      fix: 'declare the locale in `i18n.locales`, or rename the folder',
    }),
    'duplicate-translation': entry<{ locale: string; key: string }>({
      severity: 'error',
      message: (p) => `Two or more pages of the locale "${p.locale}" have the translation key "${p.key}".`,
      hint: () => 'A page has one translation per locale: give one of them another translationKey, or remove it.',
      cause: 'two pages of one locale share a `translationKey` (written, or the path they both translate)',
      fix: 'give each page of a locale its own `translationKey`',
    }),
    'missing-translation-link': entry<{ locale: string; url: string; existing: readonly string[] }>({
      severity: 'error',
      message: (p) => `The link leads to ${p.url}, a page the locale "${p.locale}" does not have.`,
      hint: (p) =>
        p.existing.length
          ? `The page exists as ${p.existing.join(', ')}: translate it, or link to one of those.`
          : 'Translate the page into that locale, or link to a locale that has it.',
      cause: "a link to a URL under a locale's prefix (`/de/…`) that no page of that locale has",
      fix: 'translate the page, or link to a translation that exists',
    }),
    'missing-ui-string': entry<{ locale: string; key: string }>({
      severity: 'error',
      message: (p) => `The interface words of "${p.locale}" lack the key "${p.key}", which the default locale has.`,
      hint: () => "Add the key to that locale's table in i18n.strings (missingStrings: 'warn' shows the default locale's text instead).",
      cause: "a locale's table of `i18n.strings` lacks a key that the default locale's has",
      fix: "add the key to the locale's table, or set `missingStrings: 'warn'`",
    }),
    'ui-string-fallback': entry<{ locale: string; key: string }>({
      severity: 'warning',
      message: (p) => `The interface words of "${p.locale}" lack the key "${p.key}"; its pages show the default locale's text.`,
      hint: () => "Add the key to that locale's table in i18n.strings.",
      cause: "with `missingStrings: 'warn'`, a locale's table of `i18n.strings` lacks a key that the default locale's has",
      fix: "add the key to the locale's table",
    }),
    'unknown-ui-string': entry<{ key: string; suggestion?: string }>({
      severity: 'error',
      message: (p) => `t("${p.key}") names a key of no table of i18n.strings.`,
      hint: (p) => (p.suggestion ? `did you mean "${p.suggestion}"?` : "Add the key to the default locale's table of i18n.strings."),
      cause: "a template calls `t(key)` with a key the default locale's table of `i18n.strings` does not have",
      fix: 'add the key to `i18n.strings`, or correct it in the template',
    }),
    'unknown-locale': entry<{ code: string; declared: readonly string[] }>({
      severity: 'error',
      message: (p) => `"${p.code}" is not one of the site's locales.`,
      hint: (p) => `Declare it in i18n.locales, or use one of ${p.declared.join(', ')}.`,
      cause:
        '`i18n.defaultLocale` or a key of `i18n.strings` names a locale that `i18n.locales` does not declare, or a locale is declared twice',
      fix: 'declare the locale once in `i18n.locales`, or use a declared one',
    }),
  },
});
