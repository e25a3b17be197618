import { createHash } from 'node:crypto';
import { phrase } from '../diagnostics/catalogue/index.ts';

/**
 * The key of a value derived from the catalogue (`Catalogue.derive`): the function's name and a
 * hash of its code, the same in every thread and every build of the same code, so the next build
 * can tell which pages used it. Two different functions with the same code would share a key:
 * a function made anew on each call (a closure inside a component, which may capture what differs
 * between pages) is refused with an error that says what to write instead.
 */
export function derivedKeys(): (compute: (...args: never[]) => unknown) => string {
  const seen = new Map<string, unknown>();
  const keys = new WeakMap<object, string>();
  return (compute) => {
    let key = keys.get(compute);
    if (key !== undefined) return key;
    key = `${compute.name || 'derived'}:${createHash('sha1').update(compute.toString()).digest('base64url').slice(0, 12)}`;
    if (seen.has(key) && seen.get(key) !== compute) {
      throw new Error(phrase('derive-new-function', { name: compute.name || phrase('derive-unnamed-function') }));
    }
    seen.set(key, compute);
    keys.set(compute, key);
    return key;
  };
}
