/**
 * Sentences with named gaps: `'expected a port from 0 to 65535, found "{value}".'`. A gap is a
 * name in braces (`{value}`); braces around anything else (`{ id, data }`, `{2,4-6}`) are text.
 * The gaps are read from the sentence's type, so a caller that misses one does not compile.
 */

/** Characters that make braces text rather than a gap. */
type NotInName = ' ' | ',' | '-' | '=' | ':' | '.' | '?' | '(' | ')' | '{' | '"' | "'";

/** The names of a sentence's gaps. */
export type GapsOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends '' | `${number}${string}` | `${string}${NotInName}${string}` ? never : Name) | GapsOf<Rest>
  : never;

/** The values that fill a sentence's gaps, none when it has no gap. */
export type ValuesOf<S extends string> = [GapsOf<S>] extends [never] ? [] : [values: Record<GapsOf<S>, string | number>];

const GAP = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** A sentence with its gaps filled. */
export function fill(sentence: string, values: Readonly<Record<string, string | number>> = {}): string {
  return sentence.replace(GAP, (gap, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : gap));
}
