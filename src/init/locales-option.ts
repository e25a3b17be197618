import { InitError } from './init-error.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

/** What a code must look like: the engine's own rule for a locale code (`languageTag` in src/site/schema.ts). */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

const EXAMPLE = phrase('locales-example');

/**
 * The codes of `site init --locales en,de`, each in its canonical form (`EN` → `en`, `pt-br` →
 * `pt-BR`), in order: the first is the site's default locale. A code that is empty, malformed,
 * named twice, or that `Intl` knows no language for, is an `InitError` naming it.
 */
export function parseLocalesOption(text: string): string[] {
  const codes = text.split(',').map((code) => code.trim());
  const parsed: string[] = [];
  for (const [index, code] of codes.entries()) {
    if (!code) throw new InitError(phrase('locales-empty', { text, number: index + 1, example: EXAMPLE }));
    const canonical = canonicalTag(code);
    if (!canonical) throw new InitError(phrase('locales-malformed', { code, example: EXAMPLE }));
    if (!knownLanguage(canonical)) throw new InitError(phrase('locales-unknown', { code }));
    if (parsed.includes(canonical)) throw new InitError(phrase('locales-twice', { code }));
    parsed.push(canonical);
  }
  return parsed;
}

/** A tag in its canonical form, or undefined when it is malformed. */
function canonicalTag(code: string): string | undefined {
  if (!LANGUAGE_TAG.test(code)) return undefined;
  try {
    return Intl.getCanonicalLocales(code)[0];
  } catch {
    return undefined;
  }
}

/** Whether `Intl` has a name for the tag: `xx` and `en-XX` are well formed, but name nothing. */
function knownLanguage(tag: string): boolean {
  return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(tag) !== undefined;
}
