import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';
import { locateField } from './locate.ts';
import type { SplitFile } from './parse.ts';
import type { Entry } from './entry.ts';

/** The front-matter field that links a page to its translations when their paths differ (see docs/multilingual.md). */
export const TRANSLATION_KEY_FIELD = 'translationKey';

/** A file's `translationKey`, read before the schema (which never sees it); a value that is no text is a diagnostic at the field. */
export function readTranslationKey(parsed: SplitFile): { key?: string; diagnostic?: Diagnostic } {
  const value = parsed.data[TRANSLATION_KEY_FIELD];
  if (value === undefined) return {};
  if (typeof value === 'string' && value.trim() !== '') return { key: value.trim() };
  return {
    diagnostic: {
      ...diagnose('invalid-type', { kind: 'translationKey' }),
      file: parsed.source.file,
      ...locateField(parsed, [TRANSLATION_KEY_FIELD]),
      field: TRANSLATION_KEY_FIELD,
      expected: phrase('translation-key'),
      actual: JSON.stringify(value),
    },
  };
}

/**
 * Two pages of one locale with the same translation key: an error at each, naming the others.
 * One pass, grouping by locale and key.
 */
export function checkTranslationKeys(
  entries: readonly Entry[],
  locate: (entry: Entry, fieldPath: PropertyKey[]) => { line: number; column: number },
): Diagnostic[] {
  const groups = Map.groupBy(entries, (entry) => `${entry.locale}\n${entry.translationKey}`);
  const diagnostics: Diagnostic[] = [];
  for (const group of groups.values()) {
    // Pages at one URL are `duplicate-url` already (`de/about.md` and `about.de.md`).
    if (group.length < 2 || group.every((entry) => entry.url === group[0]!.url)) continue;
    for (const entry of group) {
      diagnostics.push({
        ...diagnose('duplicate-translation', { locale: entry.locale, key: entry.translationKey }),
        file: entry.file,
        ...keyLine(entry, locate),
        field: TRANSLATION_KEY_FIELD,
        expected: phrase('one-translation', { locale: entry.locale, key: JSON.stringify(entry.translationKey) }),
        actual: group.map((other) => `content/${other.relative}`).join(', '),
      });
    }
  }
  return diagnostics;
}

/** Where the key is written; a key the page takes from its path is at the file's first line. */
function keyLine(
  entry: Entry,
  locate: (entry: Entry, fieldPath: PropertyKey[]) => { line: number; column: number },
): { line: number; column?: number } {
  try {
    return locate(entry, [TRANSLATION_KEY_FIELD]);
  } catch {
    return { line: 1 };
  }
}
