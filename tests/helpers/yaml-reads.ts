import { afterEach, beforeEach } from 'vitest';
import { Scalar } from 'yaml';

/**
 * Counts reads of a YAML scalar's value in the tests of the file that calls it: every step that
 * compares or looks up a key (the `yaml` package's, the engine's) reads one, so the count is the
 * work a YAML input costs, never its time (tests/security/).
 */
export function countScalarReads(): { count: number } {
  const counter = { count: 0 };
  const values = new WeakMap<object, unknown>();
  beforeEach(() => {
    counter.count = 0;
    Object.defineProperty(Scalar.prototype, 'value', {
      configurable: true,
      get(this: object) {
        counter.count++;
        return values.get(this);
      },
      set(this: object, value: unknown) {
        values.set(this, value);
      },
    });
  });
  afterEach(() => {
    delete (Scalar.prototype as { value?: unknown }).value;
  });
  return counter;
}
