import { beforeAll, describe, expect, it } from 'vitest';
import { countScalarReads } from '../helpers/yaml-reads.ts';
import { loadDataParsers, readDataFile } from '../../src/content/data-parse.ts';
import { formatDiagnostics } from '../../src/diagnostics/print.ts';

// Data files (issue 42) are inputs an attacker can write too, and may be large: a YAML or JSON
// file of many keys must be read in linear time (issue 39's hole 6 was the yaml package's own
// check of repeated keys, which compares each key with every key before it). The work is counted,
// never timed: each key comparison reads a YAML scalar's value, so those reads are counted.

beforeAll(() => loadDataParsers(['data.csv', 'data.toml']));

const read = (relative: string, text: string) => readDataFile({ file: `/site/content/${relative}`, relative, text });

const reads = countScalarReads();

/** The work of `run` at n, 2n and 4n: grown linearly, each doubling at most doubles it (and a little, for what does not grow). */
function expectLinear(run: (n: number) => void, n: number) {
  const work = [n, 2 * n, 4 * n].map((size) => {
    reads.count = 0;
    run(size);
    return reads.count;
  });
  expect(work[0]).toBeGreaterThanOrEqual(n);
  expect(work[1]! / work[0]!).toBeLessThan(2.2);
  expect(work[2]! / work[1]!).toBeLessThan(2.2);
}

const keys = (n: number) => Array.from({ length: n }, (_, i) => `key${i}: value\n`).join('');

describe('a data file of many keys', () => {
  it('is read in linear time, as YAML', () => {
    expectLinear((n) => read('many.yaml', keys(n)), 400);
  });

  it('has each of its keys located in linear time, as JSON (a mistake at every key: the positions come from the YAML reader)', () => {
    const json = (n: number) => `{\n${Array.from({ length: n }, (_, i) => `  "key${i}": "value"`).join(',\n')}\n}\n`;
    expectLinear((n) => {
      const [record] = read('many.json', json(n)).records;
      for (let i = 0; i < n; i++) expect(record!.locate([`key${i}`]).line).toBe(i + 2);
    }, 400);
  });

  it('still has a key written twice reported at its line', () => {
    expect(read('twice.yaml', 'title: A\nbody: B\ntitle: C\n').diagnostics).toEqual([
      expect.objectContaining({ code: 'data-syntax', line: 3, column: 1 }),
    ]);
  });

  it('may hold at most 100 aliases, which the yaml package resolves in quadratic time', () => {
    const aliases = (n: number) => `base: &b x\n${Array.from({ length: n }, (_, i) => `k${i}: *b\n`).join('')}`;
    expect(read('fine.yaml', aliases(99)).diagnostics).toEqual([]);
    expect(read('many.yaml', aliases(101)).diagnostics).toEqual([
      expect.objectContaining({ code: 'data-syntax', line: 102, message: expect.stringContaining('more than 100 aliases') }),
    ]);
  });
});

describe('a place in a data file', () => {
  it('is printed with its column, as a CSV cell or a JSON key is found', () => {
    const { diagnostics } = read('bad.json', '{\n  "title": "A"\n  "x": 1\n}\n');
    expect(formatDiagnostics(diagnostics, { cwd: '/site' })).toContain('content/bad.json:3:3  ');
  });
});
