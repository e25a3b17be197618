import type { Code } from './catalogue/index.ts';

/** A problem an author or a template caused, shaped like vfile-message plus a hint. */
export interface Diagnostic {
  code: Code;
  severity: 'error' | 'warning';
  /** Absolute path of the file at fault, when there is one. */
  file?: string;
  line?: number;
  column?: number;
  /** The URL of the page at fault, when the problem is a page's (a template that threw) rather than a place in the file. */
  page?: string;
  /** The front-matter field, as a dotted path with indexes: `tags[1]`. */
  field?: string;
  expected?: string;
  actual?: string;
  message: string;
  hint?: string;
  /** A stack or other detail shown with --verbose. */
  detail?: string;
  /** A few numbered lines of the file around `line`, with a caret under `column` (see `sourceExcerpt`): always shown. */
  excerpt?: string;
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Formats a field path the way authors write it: `clients[0].url`. */
export function formatField(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** Shows a found value briefly, quoted when it is a string. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Compares strings by code unit, never by locale, so output is the same everywhere. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
