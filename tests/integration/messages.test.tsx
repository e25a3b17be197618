import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { formatDiagnosticLine, formatDiagnostics } from '../../src/diagnostics/print.ts';
import type { PageProps } from '../../src/index.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';

/**
 * Messages that get to the point (issue 26): each case names the place, what was expected and
 * found, and a hint where one exists. Each builds the minimal fixture with one file laid over it.
 */

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The minimal fixture's content with `files` written over it, in a fresh folder. */
function contentWith(files: Record<string, string>): { root: string; content: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'messages-'));
  folders.push(root);
  const content = path.join(root, 'content');
  fs.cpSync(path.resolve('tests/fixtures/minimal/content'), content, { recursive: true });
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(content, file), text);
  return { root, content };
}

const post = (body: string) => `---\ntitle: Notes\ndescription: A post with a mistake.\n---\n${body}\n`;

async function report(
  files: Record<string, string>,
  change: (site: ReturnType<typeof createMinimalSite>) => ReturnType<typeof createMinimalSite> = (s) => s,
) {
  const { root, content } = contentWith(files);
  const result = await build(change(createMinimalSite(content)), memoryWriter(), { threads: 0, socialImages: false });
  const lines = result.diagnostics.map((d) => `${formatDiagnosticLine(d, root)}  [${d.code}]${d.hint ? `  hint: ${d.hint}` : ''}`);
  return { result, root, lines, text: formatDiagnostics(result.diagnostics, { cwd: root }) };
}

describe('messages that get to the point', () => {
  it('a missing image gets a did-you-mean among the files of the build', async () => {
    const { lines } = await report({ 'posts/notes.md': post('![A dot](/images/dott.svg)') });
    expect(lines).toEqual([
      expect.stringMatching(
        /^content\/posts\/notes\.md:5 {2}<img src>: .*found "\/images\/dott\.svg" {2}\[broken-link\] {2}hint: did you mean "\/images\/dot\.svg"\?$/,
      ),
    ]);
  });

  it('a missing #anchor lists the ids its page has, its own before the layout’s', async () => {
    const { lines } = await report({ 'posts/notes.md': post('See [the section](/#nowhere-near).') });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("[broken-anchor]  hint: the page's ids are #a-section");
  });

  it('a link to a server on the reader’s own machine is neither broken nor another site', async () => {
    const { result } = await report({
      'posts/notes.md': post('Run it, then open [the app](http://localhost:4321/app) or [this](http://127.0.0.1:8080/).'),
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.externalLinks?.map((link) => link.url) ?? []).not.toContain('http://localhost:4321/app');
  });

  it('a link target is shown as written, not percent-encoded', async () => {
    const { lines } = await report({ 'posts/notes.md': post('[시간](/시간)') });
    expect(lines).toEqual([expect.stringContaining('found "/시간"  [broken-link]')]);
  });

  it('an extra # heading is reported at its own line', async () => {
    const { lines } = await report({ 'posts/notes.md': post('Intro.\n\nMore.\n\n# A second title') });
    expect(lines).toEqual([expect.stringMatching(/^content\/posts\/notes\.md:9 {2}expected 1 h1, found 2 {2}\[heading-count\]/)]);
  });

  it('a style attribute in Markdown is a warning at its line, not dropped in silence', async () => {
    const { result, lines } = await report({ 'posts/notes.md': post('Text.\n\n<p style="color:red">Red</p>') });
    expect(lines).toEqual([
      expect.stringMatching(/^content\/posts\/notes\.md:7 {2}<p style>: is removed.*found "color:red" {2}\[style-removed\]/),
    ]);
    expect(result.diagnostics[0]!.severity).toBe('warning');
  });

  it('a style attribute a component writes is blamed on the component’s line, once for all its pages', async () => {
    const here = import.meta.filename;
    const Styled = ({ entry }: PageProps) => (
      <article>
        <h1 style={{ color: 'red', fontWeight: 700 }}>{entry.data.title}</h1>
      </article>
    );
    const line =
      fs
        .readFileSync(here, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes("<h1 style={{ color: 'red'")) + 1;
    const { result, text } = await report({}, (site) => ({ ...site, templates: { page: { ...site.templates.page!, component: Styled } } }));
    const styled = result.diagnostics.filter((d) => d.code === 'csp-blocked-inline');
    expect(styled.length).toBeGreaterThan(1);
    expect(new Set(styled.map((d) => `${d.file}:${d.line}`))).toEqual(new Set([`${here}:${line}`]));
    expect(styled[0]!.actual).toBe('"color:red;font-weight:700"');
    // Printed once, at the component, with its column.
    expect(text.match(/\[csp-blocked-inline\]/g)).toHaveLength(1);
    expect(text).toContain(`messages.test.tsx:${line}:`);
  });
});
