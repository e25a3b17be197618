import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { CollectionDefinition } from './collection.ts';
import type { EntryDates } from './entry.ts';
import { locateField } from './locate.ts';
import type { SplitFile } from './parse.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';

/** The field every entry may have, whatever its collection's schema: a draft is left out of builds without `--drafts`. */
export const DRAFT_FIELD = 'draft';

/** Whether a file is a draft (`draft: true`), read before the schema, which never sees the field. */
export function readDraft(parsed: SplitFile): { draft: boolean; diagnostic?: Diagnostic } {
  const value = parsed.data[DRAFT_FIELD];
  if (value === undefined || typeof value === 'boolean') return { draft: value === true };
  return {
    draft: false,
    diagnostic: {
      ...diagnose('invalid-type', { kind: 'draft' }),
      file: parsed.source.file,
      ...locateField(parsed, [DRAFT_FIELD]),
      field: DRAFT_FIELD,
      expected: phrase('true-or-false'),
      actual: JSON.stringify(value),
    },
  };
}

/**
 * The data the schema checks: the front matter (without `draft`), with each field the collection
 * computes filled in where the front matter leaves it out. A computing function that throws is a
 * diagnostic at the file, naming the field.
 */
export function computeFields(
  parsed: SplitFile,
  definition: Pick<CollectionDefinition, 'computed'>,
  url: string,
): {
  data: Record<string, unknown> /** The fields the collection computed for this file (the front matter left them out). */;
  names: Set<string>;
  diagnostics: Diagnostic[];
} {
  const { [DRAFT_FIELD]: _draft, ...data } = parsed.data;
  const names = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const file = { body: parsed.body, path: parsed.source.relative.replace(/\\/g, '/'), url, data: parsed.data };
  for (const [field, compute] of Object.entries(definition.computed ?? {})) {
    if (data[field] !== undefined || typeof compute !== 'function') continue;
    // Named even when computed as nothing: a missing field is then reported as computed.
    names.add(field);
    try {
      const value = compute(file);
      if (value !== undefined) data[field] = value;
    } catch (error) {
      const thrown = error instanceof Error ? error : new Error(String(error));
      diagnostics.push({
        ...diagnose('computed-field-failed', { field, reason: thrown.message }),
        file: parsed.source.file,
        line: 1,
        field,
        detail: thrown.stack,
      });
    }
  }
  return { data, names, diagnostics };
}

/** An entry's dates, read from the fields its collection names; undefined when it has none. */
export function datesOf(data: Readonly<Record<string, unknown>>, fields: CollectionDefinition['dates']): EntryDates | undefined {
  if (!fields) return undefined;
  const published = dateText(fields.published && data[fields.published]);
  const updated = dateText(fields.updated && data[fields.updated]);
  if (published === undefined && updated === undefined) return undefined;
  return { ...(published !== undefined && { published }), ...(updated !== undefined && { updated }) };
}

/** A date field's value as text that sorts in time order: `date()` gives such text; a `Date` becomes its ISO form. */
function dateText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  return undefined;
}
