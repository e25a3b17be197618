import type { Diagnostic } from './diagnostics.ts';

/** One problem and every place it was seen, in natural order of place. */
export interface DiagnosticGroup {
  /** The first place, whose diagnostic is printed in full. */
  first: Diagnostic;
  /** Every place, the first included. */
  all: Diagnostic[];
}

/** Beyond this many places, one mistake found with different values is one problem too. */
export const MANY_PLACES = 10;

/**
 * Gathers diagnostics that say the same thing (code, field, message, expected, found and hint)
 * about different files or pages: one mistake copied into 200 files is one problem to fix, and
 * is printed once with the places listed. The same mistake with a different found value in each
 * place (7,000 files without front matter, each starting with its own line) is one problem too
 * once it is in more than `MANY_PLACES` places; below that, each value is its own problem, since
 * each is then a thing to fix (a broken link to `/a`, another to `/b`). Groups come in natural
 * order of their first place.
 */
export function groupDiagnostics(diagnostics: readonly Diagnostic[]): DiagnosticGroup[] {
  const sorted = [...diagnostics].sort(compareLocation);
  return gather(sorted, mistakeKey)
    .flatMap((all) => (all.length > MANY_PLACES ? [all] : gather(all, problemKey)))
    .sort((a, b) => compareLocation(a[0]!, b[0]!))
    .map((all) => ({ first: all[0]!, all }));
}

/** What a diagnostic says, apart from where: diagnostics with the same key are one problem. */
export function problemKey(d: Diagnostic): string {
  return JSON.stringify([mistakeKey(d), d.actual]);
}

/** What a diagnostic says, apart from where and from the value found there. */
function mistakeKey(d: Diagnostic): string {
  return JSON.stringify([d.code, d.severity, d.field, d.message, d.expected, d.hint]);
}

/** The diagnostics with the same key, in the order of their first member. */
function gather(diagnostics: readonly Diagnostic[], key: (d: Diagnostic) => string): Diagnostic[][] {
  const groups = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const k = key(d);
    const group = groups.get(k);
    if (group) group.push(d);
    else groups.set(k, [d]);
  }
  return [...groups.values()];
}

/** Orders diagnostics by file (naturally), page, line and column; diagnostics at one place keep the order they were found in. */
export function compareLocation(a: Diagnostic, b: Diagnostic): number {
  return (
    compareNatural(a.file ?? '', b.file ?? '') ||
    compareNatural(a.page ?? '', b.page ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0)
  );
}

/**
 * Compares strings with runs of digits taken as numbers, so `bulk-2` comes before `bulk-10`;
 * everything else by code unit, never by locale, so the order is the same everywhere.
 */
export function compareNatural(a: string, b: string): number {
  const left = a.match(/\d+|\D+/g) ?? [];
  const right = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i]!;
    const y = right[i]!;
    const order = isDigits(x) && isDigits(y) ? compareDigits(x, y) : compareCodeUnits(x, y);
    if (order) return order;
  }
  // `file-01` and `file-1` are equal as numbers: fall back to the text, so the order is total.
  return left.length - right.length || compareCodeUnits(a, b);
}

function isDigits(text: string): boolean {
  return text.charCodeAt(0) >= 48 && text.charCodeAt(0) <= 57;
}

/** Compares digit runs as numbers of any length, without converting them. */
function compareDigits(x: string, y: string): number {
  const a = x.replace(/^0+(?=\d)/, '');
  const b = y.replace(/^0+(?=\d)/, '');
  return a.length - b.length || compareCodeUnits(a, b);
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
