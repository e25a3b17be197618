import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { formatDiagnostics } from '../../src/diagnostics/print.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createSite } from '../../templates/site.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';

const contentDir = path.resolve('tests/fixtures/invalid-frontmatter/content');

describe('building content with mistakes', () => {
  it('reports every mistake, located, and writes nothing', async () => {
    const writer = memoryWriter();
    const result = await build(createSite(contentDir), writer);
    expect(writer.files.size).toBe(0);
    expect(result.files).toBeUndefined();
    const report = formatDiagnostics(result.diagnostics, {
      cwd: path.resolve('tests/fixtures/invalid-frontmatter'),
      fileCount: result.fileCount,
      outcome: 'Nothing was written to dist/.',
    });
    await expect(report + '\n').toMatchFileSnapshot('../fixtures/invalid-frontmatter/expected-diagnostics.txt');
  });
});

describe('building a site whose definition names what it does not have', () => {
  it('fails every page that uses an undeclared island, reported once per template, with a suggestion', async () => {
    const site = createMinimalSite();
    const writer = memoryWriter();
    const result = await build({ ...site, islands: { Countr: site.islands.Counter! } }, writer, { cache: false, socialImages: false });
    expect(writer.files.size).toBe(0);
    const failed = result.diagnostics.filter((d) => d.code === 'undeclared-island');
    expect(failed.length).toBeGreaterThan(3);
    expect(failed.length).toBe(result.diagnostics.length);
    expect(new Set(failed.map((d) => JSON.stringify([d.field, d.message, d.expected, d.actual, d.hint])))).toEqual(
      new Set([
        JSON.stringify([
          'islands',
          'the template "page" renders an island the site does not declare, so it would never hydrate',
          'one of Countr',
          '"Counter"',
          'did you mean "Countr"?',
        ]),
      ]),
    );
    const report = formatDiagnostics(result.diagnostics, { cwd: site.root, fileCount: result.fileCount });
    expect(report.match(/\[undeclared-island\]/g)).toHaveLength(1);
    expect(report).toContain(`… and ${new Set(failed.map((d) => d.page)).size - 3} more pages`);
  });

  it('reports a not-found URL that is no page once the content is read', async () => {
    const writer = memoryWriter();
    const result = await build({ ...createMinimalSite(), notFound: '/mising' }, writer, { cache: false, socialImages: false });
    expect(writer.files.size).toBe(0);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'missing-not-found-page', field: 'notFound', actual: '"/mising"', hint: 'did you mean "/missing"?' }),
    ]);
  });
});
