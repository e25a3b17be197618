import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { loadSite, withContent } from '../../src/site/load.ts';
import type { Site } from '../../src/site/definition.ts';

/** The guide's plain-Markdown example, its content copied so that a test may change it. */
const EXAMPLE = path.resolve('docs/examples/plain-markdown');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'plain-markdown-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function buildWith(files: Record<string, string | null>, change: (site: Site) => Site = (site) => site) {
  const content = fs.mkdtempSync(path.join(work, 'content-'));
  fs.cpSync(path.join(EXAMPLE, 'content'), content, { recursive: true });
  for (const [relative, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(content, relative)), { recursive: true });
    if (text === null) fs.rmSync(path.join(content, relative));
    else fs.writeFileSync(path.join(content, relative), text);
  }
  const writer = memoryWriter();
  const result = await build(change(withContent(await loadSite(EXAMPLE), content)), writer, { threads: 0, cache: false });
  return { result, content, writer };
}

/** A file the build wrote, as text (undefined when it wrote none). */
const textOf = (writer: { files: Map<string, Uint8Array> }, file: string) => {
  const bytes = writer.files.get(file);
  return bytes && Buffer.from(bytes).toString('utf8');
};

/** A cheat sheet in the example's shape, as the issue 44 corpus writes them. */
const sheet = (name: string, extra = '') => `# ${name}\n\n> About ${name}.\n\n- Run it:\n\n\`${name} --help\`\n${extra}`;

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

  // Issue 44's corpus: names legal on every file system but awkward in a URL, and tutorials' local servers.
  it('makes a page of a file named %, #, ? or only dots, at a percent-encoded URL that links reach', async () => {
    const links = '\nSee [percent](/commands/100%25), [dot](./%252E), [dots](...) and [hash](/commands/c%23).\n';
    const { result, writer } = await buildWith({
      // (The example leaves out names starting with %, its template.)
      'commands/100%.md': sheet('100%', links),
      'commands/..md': sheet('.'),
      'commands/....md': sheet('...'),
      'commands/c#.md': sheet('c#'),
      'commands/what?.md': sheet('what?'),
    });
    expect(result.diagnostics).toEqual([]);
    const pages = [...writer.files.keys()].filter((file) => file.startsWith('commands/')).sort();
    expect(pages).toEqual(['100%', '%2E', '...', 'c#', 'grep', 'ls', 'tar', 'what?'].map((name) => `commands/${name}/index.html`).sort());
    const home = textOf(writer, 'index.html');
    for (const url of ['/commands/100%25', '/commands/%252E', '/commands/...', '/commands/c%23', '/commands/what%3F'])
      expect(home).toContain(`href="${url}"`);
  }, 60_000);

  it("leaves a link to a server on the reader's machine as written, IPv6 included, never an error", async () => {
    const local =
      '\n[one](http://localhost:3000/) <http://127.0.0.1:8080/x> <http://[::1]:8000/> [four](http://[::1]/)\n\n' +
      'Open http://localhost:PORT/ or [this](http://127.0.0.1:port) or http://localhost:{{port}}/x or <http://[::1]:PORT>\n';
    const { result, writer } = await buildWith({ 'commands/serve.md': sheet('serve', local) });
    expect(result.diagnostics).toEqual([]);
    const page = textOf(writer, 'commands/serve/index.html');
    expect(page).toContain('href="http://localhost:3000/"');
    expect(page).toContain('href="http://127.0.0.1:8080/x"');
    expect(page).toContain('href="http://%5B::1%5D:8000/"');
    expect(page).toContain('href="http://localhost:PORT/"');
    expect(page).toContain('href="http://127.0.0.1:port"');
  }, 60_000);

  it("builds a site that names no notFound page and has no /404, with the engine's plain 404.html", async () => {
    const { result, writer } = await buildWith({ '404.md': null }, (site) => ({ ...site, notFound: undefined }));
    expect(result.diagnostics).toEqual([]);
    expect(textOf(writer, '404.html')).toContain('<h1>Page not found</h1>');
  }, 60_000);

  it('still writes the /404 page as 404.html when the site names none, and refuses a named page that does not exist', async () => {
    const unnamed = await buildWith({}, (site) => ({ ...site, notFound: undefined }));
    expect(textOf(unnamed.writer, '404.html')).not.toContain('<h1>Page not found</h1>');
    expect(textOf(unnamed.writer, '404.html')).toContain('<p>Try <a href="/">the home page</a>.</p>');
    const named = await buildWith({ '404.md': null });
    expect(named.result.diagnostics).toMatchObject([{ code: 'missing-not-found-page', field: 'notFound' }]);
  }, 60_000);
});
