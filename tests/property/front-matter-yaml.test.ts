import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { LineCounter } from 'yaml';
import { readFrontMatterYaml, readWithYamlPackage, type FrontMatterYaml } from '../../src/content/front-matter-yaml.ts';
import { quickFrontMatter } from '../../src/runner/fast-paths/front-matter-yaml.ts';
// The quick way put where `readFrontMatterYaml` takes it from, as a build does.
import '../../src/runner/fast-paths/index.ts';
import { parseSource } from '../../src/content/parse.ts';
import { MAX_NESTING, yamlNestingDepth } from '../../src/safety/nesting.ts';
import { editFrontMatter, frontMatterEdit, yamlValue } from './arbitraries.ts';
import { settings } from './workspace.ts';

/** The yaml package, with the documents it makes counted: the quick way exists to make none. */
const made = vi.hoisted(() => ({ documents: 0 }));
vi.mock('yaml', async (importOriginal) => {
  const yaml = await importOriginal<typeof import('yaml')>();
  return { ...yaml, parseDocument: (...args: Parameters<typeof yaml.parseDocument>) => (made.documents++, yaml.parseDocument(...args)) };
});

/** Every real content file, and its front matter as gray-matter hands it to the YAML parser. */
const files = fs
  .readdirSync('content', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .map((file) => ({ file: path.resolve('content', file), relative: file, text: fs.readFileSync(path.join('content', file), 'utf8') }));
const real = files.map(({ text }) => /^---\n([\s\S]*?)\n---\n/.exec(text)![1]!);

/** All a caller can read of a reading, as plain data: the document and the line counter after locating with it. */
function outcome(read: (text: string, lineCounter: LineCounter) => FrontMatterYaml, text: string) {
  const lineCounter = new LineCounter();
  const { data, errors, conversionError, document } = read(text, lineCounter);
  return {
    data,
    errors: errors.map(({ code, pos, message }) => ({ code, pos, message })),
    conversionError: conversionError?.message,
    document: written(document),
    lineStarts: lineCounter.lineStarts,
  };
}

/** A document as YAML text, or why it cannot be written. */
function written(document: FrontMatterYaml['document']): string {
  try {
    return String(document);
  } catch (error) {
    return `cannot: ${(error as Error).message}`;
  }
}

/** Asserts that the reading the engine uses and the yaml package's own agree on `text`. */
function expectSameReading(text: string): void {
  expect(outcome(readFrontMatterYaml, text), text).toStrictEqual(outcome(readWithYamlPackage, text));
}

/**
 * Front matter as authors write it, edited every way, and fields of any value; nested no deeper
 * than `parseSource` reads (deeper, the yaml package's stack runs out at a depth that varies).
 */
const frontMatterText = fc
  .oneof(
    fc.tuple(fc.constantFrom(...real), fc.array(frontMatterEdit, { minLength: 1, maxLength: 3 })).map(([matter, edits]) => {
      const edited = editFrontMatter(`---\n${matter}\n---\nbody\n`, edits);
      return /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(edited)?.[1] ?? edited;
    }),
    fc
      .array(fc.tuple(fc.constantFrom('a', 'b', 'title', '"q"', '1', 'true', '~', ''), yamlValue), { maxLength: 6 })
      .map((pairs) => pairs.map(([key, value]) => `${key}: ${value}`).join('\n')),
    yamlValue,
  )
  .filter((text) => yamlNestingDepth(text) <= MAX_NESTING);

describe('front matter read the quick way where it can be', () => {
  it('reads every real front matter as the yaml package does', () => {
    expect(real.length).toBeGreaterThan(50);
    for (const text of real) expectSameReading(text);
  });

  it('reads as the yaml package does where the two parsers part ways', () => {
    const edges = [
      '',
      'a: 1',
      'a: &x 1\nb: *x',
      'a: *nobody',
      'a: !!str 1',
      '%YAML 1.2\n---\na: 1',
      '---\na: 1',
      'a: 1\n...',
      'a: 1\n---\nb: 2',
      'a: 1\na: 2',
      'a: [1, 2',
      '~: x',
      'null: x',
      'True: x',
      '1: x',
      '__proto__: x',
      'constructor: 1',
      'toString: x',
      `${'k'.repeat(1100)}: x`,
      '"a\nb": x',
      '? a\n: b',
      '[a]: b',
      'a: 1e400',
      'a: -1e400',
      `a: 0x${'f'.repeat(300)}`,
      `a: 0o${'7'.repeat(400)}`,
      'a: 2024-01-01',
      'a: yes',
      'a: .inf',
      'a: .NaN',
      'a: 0o17',
      'a: +1',
      'a: 1_000',
      'a:\tb',
      'a: "\\u0000"',
      'a: "\\uD800"',
      'a: b\r\nc: d',
      'a: \u2028',
      'a: \uFEFFb',
      '- a\n- b',
      'a',
      '"just a string"',
      'a: |\n  x\n  y',
      'a: >-\n  x\n\n  y',
      "'a': 1",
      '"a b": 1',
      'a: b #c',
      'a: {b: [c, {d: e}]}',
      'a:\n  - b: 1\n    c: 2',
      'a: "x" y',
      'a: - b',
      'a: b: c',
      'a: @b',
      'a: `b`',
    ];
    for (const text of edges) expectSameReading(text);
  });

  it('reads generated front matter as the yaml package does', () => {
    fc.assert(fc.property(frontMatterText, expectSameReading), settings(2000));
  });

  it('answers the quick way on most generated front matter, or the comparison says little', () => {
    const texts = fc.sample(frontMatterText, { seed: 1, numRuns: 1000 });
    expect(texts.filter((text) => quickFrontMatter(text) !== undefined).length / texts.length).toBeGreaterThan(0.3);
  });

  it('makes no YAML document reading the site’s content, and one only when a field is located', () => {
    made.documents = 0;
    const parsed = files.map((source) => parseSource(source).parsed!);
    expect(made.documents).toBe(0);
    expect(parsed[0]!.document!.contents).toBeTruthy();
    expect(made.documents).toBe(1);
  });
});
