import fs from 'node:fs';

/** Where a field of the site definition is written: its module, and the line when it could be found. */
export interface SiteFieldLocation {
  file: string;
  line?: number;
}

/** Finds where a field of the site definition is written, for messages. */
export type SiteLocator = (fieldPath: readonly PropertyKey[]) => SiteFieldLocation;

/**
 * A locator reading the site's own modules: the one among `files` that calls `defineSite(`
 * (the site module itself first), searched as text. The definition is code, so a field may be
 * built anywhere; when its key is not written where expected, the nearest written parent is
 * named, else the `defineSite(` call, else the module alone.
 */
export function siteLocator(entry: string, files: readonly string[]): SiteLocator {
  let found: { file: string; text: string } | undefined;
  const source = () => (found ??= definingModule(entry, files));
  return (fieldPath) => {
    const { file, text } = source();
    return { file, line: text ? findFieldLine(text, fieldPath) : undefined };
  };
}

function definingModule(entry: string, files: readonly string[]): { file: string; text: string } {
  for (const file of [entry, ...files.filter((f) => f !== entry && !f.includes('node_modules'))]) {
    const text = readText(file);
    if (text.includes('defineSite(')) return { file, text };
  }
  return { file: entry, text: readText(entry) };
}

/**
 * The line of a field in the text of a module calling `defineSite(`: each key of the path is
 * looked for after the one before it; a list index n makes the next key's (n+1)-th occurrence the
 * one (the third collection's `template:` is the third `template:` after `collections:`).
 * Undefined when not even `defineSite(` is written.
 */
export function findFieldLine(text: string, fieldPath: readonly PropertyKey[]): number | undefined {
  let position = text.indexOf('defineSite(');
  if (position < 0) return undefined;
  let occurrence = 1;
  for (const segment of fieldPath) {
    if (typeof segment === 'number') {
      occurrence = segment + 1;
      continue;
    }
    const next = nthKey(text, String(segment), position, occurrence);
    occurrence = 1;
    if (next === undefined) break;
    position = next;
  }
  return lineOf(text, position);
}

/** The position of the n-th `key:` (bare or quoted) at or after `from`. */
function nthKey(text: string, key: string, from: number, n: number): number | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![\\w$])(['"]?)${escaped}\\1\\s*:`, 'g');
  pattern.lastIndex = from;
  let match: RegExpExecArray | null = null;
  for (let i = 0; i < n; i++) {
    match = pattern.exec(text);
    if (!match) return undefined;
  }
  return match!.index;
}

function lineOf(text: string, position: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
