import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { loadSite, withContent } from '../../src/site/load.ts';

/** The guide's plain-Markdown example, its content copied so that a test may change it. */
const EXAMPLE = path.resolve('docs/examples/plain-markdown');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'plain-markdown-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function buildWith(files: Record<string, string>) {
  const content = fs.mkdtempSync(path.join(work, 'content-'));
  fs.cpSync(path.join(EXAMPLE, 'content'), content, { recursive: true });
  for (const [relative, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(content, relative)), { recursive: true });
    fs.writeFileSync(path.join(content, relative), text);
  }
  const writer = memoryWriter();
  const result = await build(withContent(await loadSite(EXAMPLE), content), writer, { threads: 0, cache: false });
  return { result, content };
}

describe('a collection of plain Markdown', () => {
  it('reports a computed field the file cannot give at the file, saying the field is computed', async () => {
    const { result, content } = await buildWith({ 'commands/cut.md': 'Only text, no heading.\n' });
    expect(result.diagnostics).toMatchObject([
      {
        code: 'missing-field',
        file: path.join(content, 'commands/cut.md'),
        line: 1,
        field: 'title',
        hint: expect.stringContaining("title is computed from the file (the collection's computed.title)"),
      },
    ]);
  }, 60_000);

  it('checks computed fields with the schema like written ones', async () => {
    const { result } = await buildWith({ 'commands/empty.md': '# \n\n> x\n', 'commands/nohead.md': '## section\n\n> About.\n' });
    expect(result.diagnostics.map((d) => [path.basename(d.file ?? ''), d.code, d.field])).toEqual([
      ['empty.md', 'missing-field', 'title'],
      ['nohead.md', 'missing-field', 'title'],
    ]);
  }, 60_000);

  it('never reads a file the collection excludes, however broken', async () => {
    const { result } = await buildWith({ 'commands/%broken?.md': '---\ntitle: [unclosed\n---\n' });
    expect(result.diagnostics).toEqual([]);
    expect(result.skipped).toEqual(['.notes.md']);
  }, 60_000);

  it('names in the summary of site build the Markdown files the scan passes over', async () => {
    const { content } = await buildWith({ '.obsidian/workspace.md': '# x\n', 'commands/README.markdown': '# x\n' });
    const run = spawnSync(
      process.execPath,
      [path.resolve('bin/site'), 'build', '--root', EXAMPLE, '--content', content, '--out', path.join(work, 'dist')],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      ' 3 files under the content folder not read (.notes.md, .obsidian/workspace.md, commands/README.markdown): only .md and .mdx files not starting with a dot are content.',
    );
  }, 60_000);
});
