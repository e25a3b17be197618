import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { closest } from '../diagnostics/suggest.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';
import type { I18nDefinition } from './definition.ts';

/** A problem of the definition at a field path (see `checkSite`). */
type Problem = Omit<Diagnostic, 'severity' | 'file' | 'line'> & { at: PropertyKey[] };

/**
 * What `i18n` names, once its shape is right: the default locale among the locales, each locale
 * declared once, each table of `strings` a declared locale's, and (with `missingStrings: 'error'`,
 * the default) every key of the default locale's table in every other table.
 */
export function i18nProblems(i18n: I18nDefinition): Problem[] {
  const problems: Problem[] = [];
  const codes = i18n.locales.map((locale) => (typeof locale === 'string' ? locale : locale.code));
  const unknown = (at: PropertyKey[], code: string): Problem => ({
    at,
    ...diagnose('unknown-locale', { code, declared: codes }),
    expected: phrase('one-of', { values: codes.join(', ') }),
    actual: JSON.stringify(code),
  });
  const seen = new Set<string>();
  codes.forEach((code, i) => {
    if (seen.has(code)) problems.push({ ...unknown(['i18n', 'locales', i], code), expected: phrase('locale-once') });
    seen.add(code);
  });
  if (!seen.has(i18n.defaultLocale)) problems.push(unknown(['i18n', 'defaultLocale'], i18n.defaultLocale));
  const strings = i18n.strings ?? {};
  for (const code of Object.keys(strings)) if (!seen.has(code)) problems.push(unknown(['i18n', 'strings', code], code));
  if (i18n.missingStrings !== 'warn') problems.push(...missingStrings(i18n, 'missing-ui-string'));
  return problems;
}

/** Each key of the default locale's table that another declared locale's table lacks, as `code` (`missing-ui-string` or its warning). */
export function missingStrings(i18n: I18nDefinition, code: 'missing-ui-string' | 'ui-string-fallback'): Problem[] {
  const strings = i18n.strings ?? {};
  const base = strings[i18n.defaultLocale];
  if (!base) return [];
  const problems: Problem[] = [];
  for (const locale of i18n.locales) {
    const name = typeof locale === 'string' ? locale : locale.code;
    if (name === i18n.defaultLocale) continue;
    const table = strings[name] ?? {};
    for (const key of Object.keys(base)) {
      if (Object.hasOwn(table, key)) continue;
      problems.push({
        at: ['i18n', 'strings', name, key],
        // A key may hold dots (`nav.home`): written as an index, so the field names it whole.
        field: `i18n.strings.${name}[${JSON.stringify(key)}]`,
        ...diagnose(code, { locale: name, key }),
        expected: phrase('default-locale-key', { key, text: JSON.stringify(base[key]) }),
        actual: `no such key${closest(key, Object.keys(table)) ? ` (the table has "${closest(key, Object.keys(table))}")` : ''}`,
      });
    }
  }
  return problems;
}
