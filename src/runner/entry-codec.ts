import type { Entry } from '../content/entry.ts';
import { Ref } from '../content/schema-helpers.ts';

/** Marks a reference in encoded data; no front-matter key can start with a NUL character. */
const REF = '\u0000ref';

/**
 * Entry data as plain values that survive JSON and structured cloning: references (class
 * instances, which both would flatten) become `{ "\0ref": [collection, slug] }`.
 */
export function encodeData(value: unknown): unknown {
  if (value instanceof Ref) return { [REF]: [value.collection, value.slug] };
  if (Array.isArray(value)) return value.map(encodeData);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = encodeData(item);
    return out;
  }
  return value;
}

/** The inverse of `encodeData`. */
export function decodeData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeData);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const ref = record[REF];
    if (Array.isArray(ref) && Object.keys(record).length === 1) return new Ref(String(ref[0]), String(ref[1]));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) out[key] = decodeData(item);
    return out;
  }
  return value;
}

/** An entry as plain values (see `encodeData`). */
export type EncodedEntry = Omit<Entry, 'data'> & { data: unknown };

export function encodeEntry(entry: Entry): EncodedEntry {
  return { ...entry, data: encodeData(entry.data) };
}

export function decodeEntry(encoded: EncodedEntry): Entry {
  return { ...encoded, data: decodeData(encoded.data) as Entry['data'] };
}
