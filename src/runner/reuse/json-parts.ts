import fs from 'node:fs/promises';

/**
 * One field of an object written as JSON by `writeJsonParts`: its value, a list given as an
 * iterable (each element made as it is written), or a function giving that list once the
 * fields before it are written.
 */
export type JsonPart<T> = {
  [K in keyof T]: [K, T[K] extends ReadonlyArray<infer E> ? Iterable<E> | (() => Iterable<E>) : T[K]];
}[keyof T];

/** About how much JSON text is gathered before it is written out. */
const CHUNK_CHARS = 1 << 20;

/**
 * Writes the object of `parts` as `JSON.stringify` would write it with its fields in that order,
 * a megabyte or so at a time: the state of a 40,000-page build is 88 MB of JSON
 * (`npm run bench:multilingual`), which as one string, its bytes and the arrays it was made from
 * was the build's peak of memory. Fields whose value is undefined are left out, as `JSON.stringify` does.
 */
export async function writeJsonParts<T>(file: string, parts: ReadonlyArray<JsonPart<T>>): Promise<void> {
  const handle = await fs.open(file, 'w');
  try {
    let pending: string[] = [];
    let size = 0;
    const put = async (text: string) => {
      pending.push(text);
      size += text.length;
      if (size < CHUNK_CHARS) return;
      await handle.write(pending.join(''));
      pending = [];
      size = 0;
    };
    let first = true;
    await put('{');
    for (const [key, value] of parts) {
      if (value === undefined) continue;
      await put(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      const list = typeof value === 'function' ? (value as () => Iterable<unknown>)() : value;
      if (Array.isArray(list) || !isIterable(list)) {
        await put(JSON.stringify(list));
        continue;
      }
      let index = 0;
      await put('[');
      // An element JSON cannot write (undefined, a function) is written `null`, as in an array.
      for (const element of list) await put(`${index++ ? ',' : ''}${JSON.stringify(element) ?? 'null'}`);
      await put(']');
    }
    await put('}');
    await handle.write(pending.join(''));
  } finally {
    await handle.close();
  }
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.iterator in value && typeof value !== 'string';
}

/** `items` with `map` applied to each as it is asked for. */
export function* mapped<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}
