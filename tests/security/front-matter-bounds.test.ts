import { describe, expect, it } from 'vitest';
import { Alias } from 'yaml';
import { countScalarReads } from '../helpers/yaml-reads.ts';
import { z } from 'zod';
import { FRONT_MATTER_BOUNDS } from '../../src/content/front-matter-bounds.ts';
import { parseSource } from '../../src/content/parse.ts';
import { createSchemaHelpers } from '../../src/content/schema-helpers.ts';
import { prepareCollections, validateFile } from '../../src/content/validate.ts';

// Issue 39, hole 6: front matter with many keys took quadratic time (10k / 20k / 40k keys:
// 2.6 / 4.8 / 18.2 s), and nothing bounded its size. The work is counted, never timed: every
// step that compares or looks up a key reads a YAML scalar's value, so those reads are counted.

const collections = prepareCollections(
  {
    collections: [
      {
        name: 'pages',
        include: ['**/*.md'],
        // Strict: each unknown key is an issue, located at its line (the locating was the quadratic step in the schema's path).
        schema: () => z.strictObject({ title: z.string(), description: z.string() }),
        template: 'page',
      },
    ],
  },
  createSchemaHelpers(['/content']),
);

function read(frontMatter: string) {
  const source = { file: '/content/attack.md', relative: 'attack.md', text: `---\ntitle: T\ndescription: D\n${frontMatter}---\nBody.\n` };
  const { parsed, diagnostics } = parseSource(source);
  return parsed ? [...diagnostics, ...validateFile(parsed, collections, { page: {} }).diagnostics] : diagnostics;
}

/** Reads of a YAML scalar's value while a test runs: the `yaml` package's key comparisons and the engine's lookups of a field's line. */
const reads = countScalarReads();

function workFor(frontMatter: string): number {
  reads.count = 0;
  read(frontMatter);
  return reads.count;
}

/** The work at n, 2n and 4n of something: grown linearly, each doubling at most doubles it (and a little, for what does not grow). */
function expectLinear(make: (n: number) => string, n: number) {
  const [small, medium, large] = [n, 2 * n, 4 * n].map((size) => workFor(make(size)));
  expect(small).toBeGreaterThan(n);
  expect(medium! / small!).toBeLessThan(2.2);
  expect(large! / medium!).toBeLessThan(2.2);
}

const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => `${line(i)}\n`).join('');

describe('front matter within its bounds takes linear time', () => {
  it('many unknown keys, each reported at its line', () => {
    const keys = (n: number) => lines(n, (i) => `key${i}: value`);
    expect(read(keys(3))).toEqual([
      expect.objectContaining({ code: 'unknown-field', line: 4, field: 'key0' }),
      expect.objectContaining({ code: 'unknown-field', line: 5, field: 'key1' }),
      expect.objectContaining({ code: 'unknown-field', line: 6, field: 'key2' }),
    ]);
    expectLinear(keys, 240);
  });

  it('many keys read by the yaml package (an anchor sends the file its way)', () => {
    expectLinear((n) => `anchored: &a x\n${lines(n, (i) => `key${i}: value`)}`, 240);
  });

  it('many keys written twice, each reported', () => {
    const twice = (n: number) => lines(n, (i) => `key${i % (n / 2)}: value`);
    expect(read(twice(4))).toEqual([
      expect.objectContaining({ code: 'yaml-syntax', line: 6 }),
      expect.objectContaining({ code: 'yaml-syntax', line: 7 }),
    ]);
    expectLinear(twice, 240);
  });
});

describe('front matter past its bounds is refused at the line that passes them', () => {
  it(`more than ${FRONT_MATTER_BOUNDS.keys} keys, at any level`, () => {
    // The title and description are two keys, on lines 2 and 3: key number 1,001 is the 999th of these.
    const nested = `outer:\n${lines(FRONT_MATTER_BOUNDS.keys, (i) => `  key${i}: v`)}`;
    expect(read(nested)).toEqual([
      expect.objectContaining({
        code: 'front-matter-too-large',
        severity: 'error',
        file: '/content/attack.md',
        line: 4 + FRONT_MATTER_BOUNDS.keys - 2,
        column: 3,
        expected: 'at most 1,000 keys',
        actual: '1,003 keys',
      }),
    ]);
  });

  it('200,000 keys (2 MB): refused unread, without one key compared', () => {
    const diagnostics = read(lines(200_000, (i) => `k${i}: v`));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'front-matter-too-large', expected: 'at most 256 KiB of YAML' })]);
    expect(reads.count).toBe(0);
  });

  it('more than 256 KiB of YAML, at the line where it passes them', () => {
    // Lines of 1,024 bytes (with their newline) from line 4, after 24 bytes of title and description.
    const long = lines(300, () => `s: "${'é'.repeat(508)}ab"`);
    const line = 4 + Math.floor((FRONT_MATTER_BOUNDS.bytes - 24) / 1024);
    expect(read(long)).toEqual([expect.objectContaining({ code: 'front-matter-too-large', line, actual: '300.0 KiB' })]);
    expect(reads.count).toBe(0);
  });

  it(`more than ${FRONT_MATTER_BOUNDS.aliases} aliases, before any is resolved`, () => {
    // Each anchor named once: nothing multiplies, so the yaml package's own alias check lets it
    // through, and its resolving scans every anchor and alias before each (quadratic).
    let resolved = 0;
    const resolve = Alias.prototype.resolve;
    Alias.prototype.resolve = function (this: Alias, ...args: Parameters<Alias['resolve']>) {
      resolved++;
      return resolve.apply(this, args);
    };
    try {
      const aliases = `list:\n${lines(10_000, (i) => `  - &a${i} x\n  - *a${i}`)}`;
      expect(read(aliases)).toEqual([
        expect.objectContaining({
          code: 'front-matter-too-large',
          line: 5 + 2 * FRONT_MATTER_BOUNDS.aliases + 1,
          actual: '10,000 aliases',
        }),
      ]);
      expect(resolved).toBe(0);
    } finally {
      Alias.prototype.resolve = resolve;
    }
  });
});
