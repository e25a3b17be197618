import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { quickFrontMatter } from '../../src/content/front-matter-yaml.ts';
import { editFrontMatter, frontMatterEdit, yamlValue } from './arbitraries.ts';

/** The front matter of every real content file, as gray-matter hands it to the YAML parser. */
const real = fs
  .readdirSync('content', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .map((file) => /^---\n([\s\S]*?)\n---\n/.exec(fs.readFileSync(path.join('content', file), 'utf8'))![1]!);

/** What the reference parser makes of a text: its errors, and its data when there are none. */
function reference(text: string): { errors: number; data?: unknown } {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) return { errors: document.errors.length };
  try {
    return { errors: 0, data: document.toJS() };
  } catch {
    return { errors: 1 };
  }
}

describe('front matter read the quick way', () => {
  it('reads every real front matter the quick way, to the same data as the yaml package', () => {
    expect(real.length).toBeGreaterThan(50);
    for (const text of real) {
      const quick = quickFrontMatter(text);
      expect(quick, text).not.toBeUndefined();
      expect(quick).toStrictEqual(reference(text).data);
    }
  });

  it('answers only where the yaml package finds no error, and then with the same data', () => {
    let answered = 0;
    let runs = 0;
    const text = fc.oneof(
      fc.tuple(fc.constantFrom(...real), fc.array(frontMatterEdit, { minLength: 1, maxLength: 3 })).map(([matter, edits]) => {
        const edited = editFrontMatter(`---\n${matter}\n---\nbody\n`, edits);
        return /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(edited)?.[1] ?? edited;
      }),
      fc.array(fc.tuple(fc.constantFrom('a', 'b', 'title', '"q"', '1', 'true', '~', ''), yamlValue), { maxLength: 6 }).map((pairs) =>
        pairs.map(([key, value]) => `${key}: ${value}`).join('\n'),
      ),
      yamlValue,
    );
    fc.assert(
      fc.property(text, (source) => {
        runs++;
        const quick = quickFrontMatter(source);
        if (quick === undefined) return;
        answered++;
        const expected = reference(source);
        expect(expected.errors, source).toBe(0);
        expect(quick, source).toStrictEqual(expected.data);
      }),
      { numRuns: 3000 },
    );
    // The property says nothing unless the quick way answers often enough.
    expect(answered / runs).toBeGreaterThan(0.3);
  });
});
