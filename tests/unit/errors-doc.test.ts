import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorsDoc, PAGE, TEMPLATE } from '../../scripts/errors-doc.ts';
import { areas, catalogue } from '../../src/diagnostics/catalogue/index.ts';
import { area, entry } from '../../src/diagnostics/catalogue/define.ts';

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
    const undocumented = area({ title: 'New', codes: { 'new-code': entry({ severity: 'error', message: () => 'Something.', cause: '', fix: 'fix it' }) } });
    expect(() => errorsDoc(fs.readFileSync(TEMPLATE, 'utf8'), [...areas, undocumented])).toThrow(/new-code has no documentation/);
  });

  it('defines each code in one section only', () => {
    const codes = areas.flatMap((section) => Object.keys(section.codes));
    expect(codes.length).toBe(new Set(codes).size);
  });
});
