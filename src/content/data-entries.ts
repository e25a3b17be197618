import { LineCounter } from 'yaml';
import { digest } from '../core/digest.ts';
import { urlForContentFile } from '../core/urls.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';
import type { ContentSite } from './collection.ts';
import { readDataFile } from './data-parse.ts';
import type { Location } from './locate.ts';
import type { SplitFile } from './parse.ts';
import type { ParsedFile } from './parse-file.ts';
import type { SourceFile } from './scan.ts';
import { validateEntry, type PreparedCollection } from './validate.ts';

/** What ends a data entry's URL: letters, digits, `-`, `_` and `.`, not first (so never `.` or `..`). */
const SAFE_ID = /^[\p{L}\p{N}_-][\p{L}\p{N}._-]*$/u;

const EXPECTED_ID = {
  missing: (field: string) => phrase('data-id-field', { field }),
  invalid: () => phrase('data-id-characters'),
  twice: () => phrase('data-id-once'),
};

/** One entry of a data file or a loader, checked: as a Markdown file's, plus its URL and where its fields are written. */
export interface DataResult extends ParsedFile {
  /** What changed since the last build: the file's path, the entry's id and its fields. */
  hash: string;
  /** The URL it claims, when it has an id. */
  url?: string;
  /** What a message names it by: `content/team.yaml (alice)`. */
  label: string;
  file: string;
  locate(fieldPath: readonly PropertyKey[]): Location;
}

/** An entry's fields before the schema: what a data file's item or a loader's entry gives. */
export interface RawEntry {
  data: Record<string, unknown>;
  /** The Markdown body, when it came apart from the fields (a loader's `body`). */
  body?: string;
  locate(fieldPath: readonly PropertyKey[]): Location;
  /** A top-level field's line, more cheaply than `locate` (see `DataRecord.lineOf`). */
  lineOf?(field: string): number;
}

/**
 * Every entry of one data file: an object file is one entry at the file's own URL (as a Markdown
 * file of the same name), a list or CSV file one per item, at the file's path and the item's id
 * (`team.yaml`'s `alice` is `/team/alice`).
 */
export function dataFileEntries(site: ContentSite, collection: PreparedCollection, source: SourceFile): DataResult[] {
  const read = readDataFile(source);
  const stem = source.relative.replace(/\.[^./]+$/, '');
  const syntax = read.diagnostics.map((diagnostic) => ({ entry: undefined, syntax: [diagnostic], schema: [] }));
  const broken: DataResult[] = syntax.map((result) => ({
    ...result,
    hash: '',
    label: `content/${source.relative}`,
    file: source.file,
    locate: at1,
  }));
  if (!read.list) {
    return [
      ...broken,
      ...read.records.map((record) =>
        checkEntry(site, collection, source, record, { pagePath: stem, label: `content/${source.relative}` }),
      ),
    ];
  }
  const field = collection.definition.idField ?? 'id';
  const entries = listEntries(read.records, field, source.file, (record, id) =>
    checkEntry(site, collection, source, record, { pagePath: `${stem}/${id}`, label: `content/${source.relative} (${id})` }),
  );
  return [...broken, ...entries];
}

/**
 * The entries of a list (a list or CSV file, or a loader's result), each named by its id: one
 * without an id, with an id that cannot end a URL, or with another's id is a `data-id` error at it.
 */
export function listEntries<R extends RawEntry>(
  records: readonly R[],
  /** The id's name in messages. */
  field: string,
  file: string,
  check: (record: R, id: string) => DataResult,
  idOf: (record: R) => unknown = (record) => record.data[field],
  /** Where the id is written (default: at the field of the record's data). */
  idAt: (record: R) => Location = (record) => record.locate([field]),
): DataResult[] {
  const seen = new Set<string>();
  return records.map((record) => {
    const value = idOf(record);
    const id = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
    const problem = typeof id !== 'string' ? 'missing' : !SAFE_ID.test(id) ? 'invalid' : seen.has(id) ? 'twice' : undefined;
    if (problem) {
      const diagnostic: Diagnostic = {
        ...diagnose('data-id', { kind: problem, field }),
        file,
        ...(problem === 'missing' ? record.locate([]) : idAt(record)),
        field,
        expected: EXPECTED_ID[problem](field),
        actual: value === undefined ? 'nothing' : JSON.stringify(value),
      };
      return { syntax: [], schema: [diagnostic], hash: '', label: file, file, locate: record.locate };
    }
    seen.add(id as string);
    return check(record, id as string);
  });
}

/** One entry's fields checked by its collection's schema, exactly as a Markdown file's front matter is. */
export function checkEntry(
  site: ContentSite,
  collection: PreparedCollection,
  source: SourceFile,
  record: RawEntry,
  where: { pagePath: string; label: string },
): DataResult {
  const { bodyField } = collection.definition;
  const { data, body, bodyLine } = splitBody(record, bodyField);
  const parsed: SplitFile = {
    source,
    data,
    body,
    bodyLine,
    document: undefined,
    lineCounter: new LineCounter(),
    lineOffset: 0,
    locate: record.locate,
    pagePath: where.pagePath,
  };
  const { entry, diagnostics } = validateEntry(parsed, collection, site.templates, site.trailingSlash);
  return {
    ...(entry && { entry }),
    syntax: [],
    schema: diagnostics,
    hash: digest(JSON.stringify([source.relative, where.pagePath, record.data, record.body ?? null])),
    url: urlForContentFile(where.pagePath).url,
    label: where.label,
    file: source.file,
    locate: record.locate,
  };
}

/** The entry's body: a loader's, or the text of the field the collection names, taken out of the fields the schema sees. */
function splitBody(record: RawEntry, bodyField: string | undefined): { data: Record<string, unknown>; body: string; bodyLine: number } {
  if (record.body !== undefined) return { data: record.data, body: record.body, bodyLine: 1 };
  if (bodyField === undefined || typeof record.data[bodyField] !== 'string') return { data: record.data, body: '', bodyLine: 1 };
  const { [bodyField]: body, ...data } = record.data;
  return { data, body: body as string, bodyLine: record.lineOf?.(bodyField) ?? record.locate([bodyField]).line };
}

function at1(): Location {
  return { line: 1, column: 1 };
}
