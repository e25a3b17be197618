import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsDoc, PAGE, TEMPLATE } from '../../scripts/errors-doc.ts';
import { areas, catalogue, phrase, sentences } from '../../src/diagnostics/catalogue/index.ts';
import { area, entry } from '../../src/diagnostics/catalogue/define.ts';
import { expectedTexts } from '../../src/diagnostics/catalogue/expected.ts';
import { fill } from '../../src/diagnostics/catalogue/phrase.ts';
import { thrownTexts } from '../../src/diagnostics/catalogue/thrown.ts';

describe('docs/errors.md is generated from the catalogue of codes', () => {
  it('is what `npm run errors-doc` writes: neither the catalogue nor the page drifted', () => {
    expect(fs.readFileSync(PAGE, 'utf8')).toBe(errorsDoc());
  });

  it('shows every code once, with its cause and fix, and keeps the hand-written text', () => {
    const page = errorsDoc();
    const rows = [...page.matchAll(/^\| `([^`]+)` \| (.+) \| (.+) \|$/gm)].map((m) => m[1]!);
    expect(rows).toEqual(areas.flatMap((section) => Object.keys(section.codes)));
    expect(new Set(rows).size).toBe(Object.keys(catalogue).length);
    expect(page).toContain('## Reading a report');
    expect(page).toContain('## Errors that are not diagnostics');
  });

  it('refuses a code added without documentation', () => {
    const undocumented = area({
      title: 'New',
      codes: { 'new-code': entry({ severity: 'error', message: () => 'Something.', cause: '', fix: 'fix it' }) },
    });
    expect(() => errorsDoc(fs.readFileSync(TEMPLATE, 'utf8'), [...areas, undocumented])).toThrow(/new-code has no documentation/);
  });

  it('defines each code in one section only', () => {
    const codes = areas.flatMap((section) => Object.keys(section.codes));
    expect(codes.length).toBe(new Set(codes).size);
  });
});

describe('the sentences of the catalogue', () => {
  it('lists every expected text and thrown text in docs/errors.md, each id once', () => {
    const page = errorsDoc();
    const rows = [...page.matchAll(/^\| `([^`]+)` \| `` (.+) `` \|$/gm)].map((m) => [m[1]!, m[2]!.replaceAll('\\|', '|')]);
    expect(rows).toEqual([...Object.entries(expectedTexts), ...Object.entries(thrownTexts)]);
    expect(Object.keys(sentences).length).toBe(Object.keys(expectedTexts).length + Object.keys(thrownTexts).length);
    expect(page).toContain('### What a diagnostic expects');
    expect(page).toContain('### Errors that stop a command');
  });

  it('fills the gaps named in braces, and leaves braces around anything else as text', () => {
    expect(phrase('option-port', { value: 'x' })).toBe('expected a port from 0 to 65535, found "x".');
    expect(phrase('loader-item-shape', { number: 2 })).toBe('item 2 of its result is not { id, data, body? } with data an object');
    expect(phrase('fence-meta')).toContain('{2,4-6}, ins={3}, del={5}');
    expect(fill('{a} and {b}', { a: '{b}', b: 1 })).toBe('{b} and 1');
  });
});

describe('the words of diagnostics live in the catalogue only', () => {
  /** `message: '…'` or `hint: \`…\`` written as a literal in an object: a diagnostic's words outside the catalogue. */
  const LITERAL_WORDS = /^(?!\s*(?:\/\/|\*|\/\*)).*\b(?:message|hint):\s*[`'"]/;
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return file === path.join('src', 'diagnostics', 'catalogue') ? [] : files(file);
      return /\.tsx?$/.test(entry.name) ? [file] : [];
    });

  it('no file of the engine writes a message or hint as a literal', () => {
    const found = files('src').flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (LITERAL_WORDS.test(line) ? [`${file}:${i + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
