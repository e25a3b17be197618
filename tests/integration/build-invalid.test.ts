import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { formatDiagnostics } from '../../src/diagnostics/diagnostics.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createSite } from '../../templates/site.ts';

const contentDir = path.resolve('tests/fixtures/invalid-frontmatter/content');

describe('building content with mistakes', () => {
  it('reports every mistake, located, and writes nothing', async () => {
    const writer = memoryWriter();
    const result = await build(createSite(contentDir), writer);
    expect(writer.files.size).toBe(0);
    expect(result.files).toBeUndefined();
    const report = formatDiagnostics(result.diagnostics, { cwd: path.resolve('tests/fixtures/invalid-frontmatter'), fileCount: result.fileCount, outcome: 'Nothing was written to dist/.' });
    await expect(report + '\n').toMatchFileSnapshot('../fixtures/invalid-frontmatter/expected-diagnostics.txt');
  });
});
