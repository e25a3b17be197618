import { LineCounter, parseDocument, visit, type Document } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';
import { MAX_NESTING, yamlNestingDepth } from '../safety/nesting.ts';
import { locateIn, type Location } from './locate.ts';
import type { SourceFile } from './scan.ts';
import { withoutBom } from './parse-file.ts';
import { FRONT_MATTER_BOUNDS, mergeByPosition, repeatedKeys } from './front-matter-bounds.ts';

/** One entry's fields as a data file writes them, and where each is written. */
export interface DataRecord {
  data: Record<string, unknown>;
  /** Where a field (a path into `data`) is written; the record itself for an empty path. */
  locate(fieldPath: readonly PropertyKey[]): Location;
  /** The line of a top-level field, found more cheaply than `locate` where the format allows: what every entry's body needs. */
  lineOf?(field: string): number;
}

/** A data file read: its records, and whether it is a list (one entry per record, named by its id) or one entry. */
export interface DataFile {
  records: DataRecord[];
  list: boolean;
  diagnostics: Diagnostic[];
}

const FORMATS = { json: 'JSON', yaml: 'YAML', yml: 'YAML', toml: 'TOML', csv: 'CSV' } as const;

/**
 * The CSV and TOML parsers, loaded by `loadDataParsers` only when the content has such a file:
 * a site without one (most sites) never loads them: 85 KB of JavaScript off every build's
 * start-up (issue 44; docs/performance-history.md).
 */
const parsers: { csv?: typeof import('csv-parse/sync'); toml?: typeof import('smol-toml') } = {};

/** Loads the parsers the data files of these paths need (see `parsers`), before `readDataFile` reads them. */
export async function loadDataParsers(relatives: readonly string[]): Promise<void> {
  const needs = (extension: string) => relatives.some((relative) => relative.endsWith(`.${extension}`));
  const [csv, toml] = await Promise.all([
    needs('csv') && !parsers.csv ? import('csv-parse/sync') : undefined,
    needs('toml') && !parsers.toml ? import('smol-toml') : undefined,
  ]);
  if (csv) parsers.csv = csv;
  if (toml) parsers.toml = toml;
}

/** A parser `loadDataParsers` was to load: a build that did not ask for it is the engine's mistake. */
function loaded<T>(parser: T | undefined, format: string): T {
  if (!parser) throw new Error(`The ${format} parser was not loaded: call loadDataParsers with the data files first.`);
  return parser;
}

/**
 * Reads a data file with its format's parser (JSON.parse, `yaml`, smol-toml, csv-parse). A
 * mistake is a `data-syntax` error at its line and column. Positions of fields are found only when
 * asked (on the way to an error): JSON is then parsed again with `yaml` (JSON is YAML), whose
 * document knows where each key is.
 */
export function readDataFile(source: SourceFile): DataFile {
  const extension = source.relative.slice(source.relative.lastIndexOf('.') + 1) as keyof typeof FORMATS;
  const format = FORMATS[extension];
  const text = withoutBom(source.text);
  const fail = (reason: string, at: Partial<Location> = {}): DataFile => ({
    records: [],
    list: false,
    diagnostics: [{ ...diagnose('data-syntax', { format, reason }), file: source.file, line: at.line ?? 1, column: at.column ?? 1 }],
  });
  if (format === 'CSV') return readCsv(text, fail);
  if (format === 'TOML') return readToml(text, fail);
  // The yaml package recurses per level of nesting: deeper text is refused before it parses (see `nesting.ts`).
  if (format === 'YAML' && yamlNestingDepth(text) > MAX_NESTING) return fail(`it nests more than ${MAX_NESTING} levels deep`);
  let value: unknown;
  let document: Document | undefined;
  const lineCounter = new LineCounter();
  // The yaml package's own check of repeated keys compares each key with every key before it
  // (quadratic, issue 39): keys are checked with one set per mapping instead (`repeatedKeys`).
  const documentOf = () => (document ??= parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false }));
  if (format === 'JSON') {
    try {
      value = JSON.parse(text);
    } catch (error) {
      // V8's message is JSON's own and says where; when it does not, yaml's (JSON is YAML) does.
      const message = firstLine((error as Error).message);
      const position = /at position (\d+)/.exec(message);
      if (position) {
        return fail(message.replace(/ in JSON at position.*$/, '').replace(/, ".*$/, ''), positionIn(text, Number(position[1])));
      }
      const found = documentOf().errors[0];
      const at = found && lineCounter.linePos(found.pos[0]);
      return fail(found ? firstLine(found.message) : message, at && { line: at.line, column: at.col });
    }
  } else {
    const parsed = documentOf();
    const found = mergeByPosition(parsed.errors, repeatedKeys(parsed))[0];
    if (found) {
      const at = lineCounter.linePos(found.pos[0]);
      return fail(firstLine(found.message), { line: at.line, column: at.col });
    }
    // Resolving aliases takes time that grows with the square of their number (see `FRONT_MATTER_BOUNDS`).
    const alias = aliasPastBound(parsed);
    if (alias !== undefined) {
      const at = lineCounter.linePos(alias);
      return fail(`it holds more than ${FRONT_MATTER_BOUNDS.aliases} aliases (*name); write the values out instead`, {
        line: at.line,
        column: at.col,
      });
    }
    try {
      value = parsed.toJS();
    } catch (error) {
      return fail(firstLine((error as Error).message));
    }
  }
  if (nestingDepth(value) > MAX_NESTING) return fail(`it nests more than ${MAX_NESTING} levels deep`);
  const locate = (prefix: readonly PropertyKey[]) => (fieldPath: readonly PropertyKey[]) =>
    locateIn(documentOf().contents, lineCounter, 0, [...prefix, ...fieldPath]);
  // Every entry with a body needs its line, and parsing a large JSON file again with yaml for it
  // costs more than reading the file: one scan of the text finds them all.
  const keyLines = new Map<string, Map<number, number>>();
  const lineOf = (index: number) => (field: string) => {
    let lines = keyLines.get(field);
    if (!lines) keyLines.set(field, (lines = jsonKeyLines(text, Array.isArray(value), field)));
    return lines.get(index) ?? locate(Array.isArray(value) ? [index] : [])([field]).line;
  };
  const cheap = (index: number) => (format === 'JSON' ? { lineOf: lineOf(index) } : {});
  if (isFields(value)) return { records: [{ data: value, locate: locate([]), ...cheap(0) }], list: false, diagnostics: [] };
  if (!Array.isArray(value)) return fail(`its top level is ${describe(value)}, not a set of fields or a list of them`);
  const diagnostics: Diagnostic[] = [];
  const records: DataRecord[] = [];
  for (const [i, item] of value.entries()) {
    if (isFields(item)) records.push({ data: item, locate: locate([i]), ...cheap(i) });
    else {
      const at = locate([i])([]);
      diagnostics.push(fail(`item ${i + 1} of the list is ${describe(item)}, not a set of fields`, at).diagnostics[0]!);
    }
  }
  return { records, list: true, diagnostics };
}

type Fail = (reason: string, at?: Partial<Location>) => DataFile;

/**
 * A CSV file: a header row naming the fields, then one entry per row. Every cell is text; an
 * empty cell leaves its field out, so an optional field may be left blank. A cell is located at
 * its row's line and the header's column of that field (its 1-based position in the row).
 */
function readCsv(text: string, fail: Fail): DataFile {
  const { parse: parseCsv, CsvError } = loaded(parsers.csv, 'CSV');
  let rows: Array<{ record: Record<string, string>; info: { lines: number; columns: Array<{ name: string }> } }>;
  try {
    rows = parseCsv(text, { columns: true, info: true, skip_empty_lines: true, trim: false });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const details = error as InstanceType<typeof CsvError> & { lines?: number };
    return fail(firstLine(error.message), { line: details.lines });
  }
  const columns = new Map((rows[0]?.info.columns ?? []).map(({ name }, i) => [name, i + 1]));
  const records = rows.map(({ record, info }): DataRecord => {
    // csv-parse counts lines to the end of the row; a row with a quoted line break starts earlier, and is rare.
    const line = info.lines;
    const data = Object.fromEntries(Object.entries(record).filter(([, cell]) => cell !== ''));
    return {
      data,
      locate: (fieldPath) => ({ line, column: fieldPath.length ? (columns.get(String(fieldPath[0])) ?? 1) : 1 }),
    };
  });
  return { records, list: true, diagnostics: [] };
}

/**
 * A TOML file: always one entry (its top level is a table). A field is located at the line that
 * sets its first key (`key =`, or a `[key]` table header), the file's first line otherwise.
 */
function readToml(text: string, fail: Fail): DataFile {
  const { parse: parseToml, TomlError } = loaded(parsers.toml, 'TOML');
  let value: Record<string, unknown>;
  try {
    value = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TomlError) return fail(firstLine(error.message.replace(/^Invalid TOML document: /, '')), error);
    // smol-toml recurses into nested inline values: very deep ones overflow the stack.
    if (error instanceof RangeError) return fail(`it nests more than ${MAX_NESTING} levels deep`);
    throw error;
  }
  if (nestingDepth(value) > MAX_NESTING) return fail(`it nests more than ${MAX_NESTING} levels deep`);
  const lines = text.split('\n');
  const locate = (fieldPath: readonly PropertyKey[]): Location => {
    const key = fieldPath[0];
    if (key === undefined) return { line: 1, column: 1 };
    const name = String(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const setter = new RegExp(`^\\s*(?:\\[\\[?\\s*)?["']?${name}["']?\\s*(?:=|\\]|\\.)`);
    const index = lines.findIndex((line) => setter.test(line));
    return index === -1 ? { line: 1, column: 1 } : { line: index + 1, column: (/\S/.exec(lines[index]!)?.index ?? 0) + 1 };
  };
  return { records: [{ data: value, locate }], list: false, diagnostics: [] };
}

/**
 * The line on which each item of a JSON list (or the one object) names `field`, by the item's
 * index: one pass over the text, skipping strings, counting lines, items and depth.
 */
export function jsonKeyLines(text: string, list: boolean, field: string): Map<number, number> {
  const lines = new Map<number, number>();
  const keyDepth = list ? 2 : 1;
  const quoted = JSON.stringify(field);
  let depth = 0;
  let line = 1;
  let index = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') line++;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === ',' && depth === 1 && list) index++;
    else if (char === '"') {
      const start = i;
      const startLine = line;
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '\n') line++;
      }
      if (depth === keyDepth && !lines.has(index) && text.slice(start, i + 1) === quoted && /^\s*:/.test(text.slice(i + 1, i + 40)))
        lines.set(index, startLine);
    }
  }
  return lines;
}

/** A plain object: a set of fields. */
function isFields(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How deeply a parsed value nests, counted without recursion: JSON.parse and smol-toml take deep
 * text, but every later step that walks the data (the schema, the codecs) recurses.
 */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_NESTING) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The line and column of an offset into a text (V8 names a JSON mistake by its offset). */
function positionIn(text: string, offset: number): Location {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** Where the first alias past the bound stands (an offset), when a document holds more aliases than the bound. */
function aliasPastBound(document: Document): number | undefined {
  let aliases = 0;
  let past: number | undefined;
  visit(document, {
    Alias: (_, alias) => {
      if (++aliases === FRONT_MATTER_BOUNDS.aliases + 1) {
        past = alias.range?.[0] ?? 0;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return past;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? 'a text' : `a ${typeof value}`;
}

/** A parser's message, on one line and without the place it names (the diagnostic gives the line and column). */
function firstLine(message: string): string {
  return (message.split('\n', 1)[0] ?? message).replace(/ at line \d+, column \d+:?$/, '');
}
