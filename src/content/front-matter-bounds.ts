import { isPair, isScalar, visit, YAMLParseError, type Document, type Node, type YAMLError } from 'yaml';

/**
 * How much front matter the engine reads. Front matter holds a page's fields: the firm's largest
 * is under 2 KiB with about 40 keys, so these bounds are a hundred times and more above any page,
 * and below them every step of the read takes milliseconds. Past them, an attacker's file would
 * cost the build seconds to minutes (200,000 keys ran past 150 s, issue 39).
 */
export const FRONT_MATTER_BOUNDS = {
  /** Bytes of YAML between the `---` lines. */
  bytes: 256 * 1024,
  /** Keys counted at every level, in the text as written. */
  keys: 1000,
  /**
   * Aliases (`*name`). The `yaml` package resolves each one by a scan of every anchor and alias
   * before it, so their cost grows with the square of their number; it refuses on its own any
   * alias that multiplies data more than a hundredfold, and this bound is that same hundred.
   */
  aliases: 100,
} as const;

/** A bound the front matter passes: which, and where in the YAML text (an offset) it is passed. */
export interface BoundPassed {
  bound: 'bytes' | 'keys' | 'aliases';
  /** What the front matter holds: its size in bytes, or its count of keys or aliases. */
  found: number;
  offset: number;
}

/** The front matter's size, when it is over the bound: the offset is the first character past it. */
export function sizePassed(text: string): BoundPassed | undefined {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= FRONT_MATTER_BOUNDS.bytes) return undefined;
  const offset = Buffer.from(text, 'utf8').subarray(0, FRONT_MATTER_BOUNDS.bytes).toString('utf8').length;
  return { bound: 'bytes', found: bytes, offset };
}

/** Keys and aliases of a parsed document, when either is over its bound: the offset is the first key or alias past it. */
export function countPassed(document: Document): BoundPassed | undefined {
  let keys = 0;
  let aliases = 0;
  let keyPast: Node | undefined;
  let aliasPast: Node | undefined;
  visit(document, {
    Pair: (_, pair) => {
      if (++keys === FRONT_MATTER_BOUNDS.keys + 1) keyPast = pair.key as Node;
    },
    Alias: (_, alias) => {
      if (++aliases === FRONT_MATTER_BOUNDS.aliases + 1) aliasPast = alias;
    },
  });
  if (keyPast) return { bound: 'keys', found: keys, offset: keyPast.range?.[0] ?? 0 };
  if (aliasPast) return { bound: 'aliases', found: aliases, offset: aliasPast.range?.[0] ?? 0 };
  return undefined;
}

/** The keys of plain data (no aliases: what the quick read answers), counted at every level up to one past the bound. */
export function keysOverBound(data: unknown): boolean {
  let keys = 0;
  const pending = [data];
  while (pending.length && keys <= FRONT_MATTER_BOUNDS.keys) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value !== null && typeof value === 'object') {
      const values = Object.values(value);
      keys += values.length;
      pending.push(...values);
    }
  }
  return keys > FRONT_MATTER_BOUNDS.keys;
}

/**
 * The keys written twice in one mapping, as the `yaml` package reports them with `uniqueKeys`
 * (same scalar value, `DUPLICATE_KEY` at the key), found with one set per mapping. The package's
 * own check compares each key with every key before it: 20,000 keys took 2.7 s, 200,000 minutes.
 */
export function repeatedKeys(document: Document): YAMLError[] {
  const repeated: YAMLError[] = [];
  visit(document, {
    Map: (_, map) => {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isPair(pair) || !isScalar(pair.key) || Number.isNaN(pair.key.value)) continue;
        const start = pair.key.range?.[0] ?? 0;
        if (seen.has(pair.key.value)) repeated.push(new YAMLParseError([start, start + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
        else seen.add(pair.key.value);
      }
    },
  });
  return repeated.sort((a, b) => a.pos[0] - b.pos[0]);
}

/** Two lists of errors, each in order of position, as one list in that order (the first's own order kept where positions tie). */
export function mergeByPosition(first: readonly YAMLError[], second: readonly YAMLError[]): YAMLError[] {
  const merged: YAMLError[] = [];
  let j = 0;
  for (const error of first) {
    while (j < second.length && second[j]!.pos[0] < error.pos[0]) merged.push(second[j++]!);
    merged.push(error);
  }
  return [...merged, ...second.slice(j)];
}
