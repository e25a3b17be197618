import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { formatDiagnostics, formatDiagnosticLine } from '../../src/diagnostics/print.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createSite } from '../../templates/site.ts';
import { smallSiteWith } from '../helpers/fixture-site.ts';

const FIXTURE = 'tests/fixtures/unsafe-content';
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** Builds the small site with one overlay of unsafe files; returns the report and each located line. */
async function buildWith(overlay: string) {
  const { root, content } = smallSiteWith(path.join(FIXTURE, overlay, 'content'));
  folders.push(root);
  const writer = memoryWriter();
  const result = await build(createSite(content), writer);
  const report = formatDiagnostics(result.diagnostics, {
    cwd: root,
    fileCount: result.fileCount,
    outcome: 'Nothing was written to dist/.',
  });
  const lines = result.diagnostics.map((d) => `${formatDiagnosticLine(d, root)}  [${d.code}]`);
  return { result, writer, report, lines };
}

describe('content that would run code', () => {
  it('fails on every script, event handler and unsafe URL in Markdown and raw HTML, each at its line, and writes nothing', async () => {
    const { result, writer, report, lines } = await buildWith('markdown');
    expect(writer.files.size).toBe(0);
    expect(result.files).toBeUndefined();
    const at = (file: string, line: number, field: string) =>
      lines.filter((l) => l.startsWith(`content/blogs/${file}:${line}  ${field}: `));
    // Markdown syntax: links, mixed case, character references, autolinks, images, data pages, definitions (used or not, tab inside).
    expect(at('unsafe-markdown.md', 8, 'link')).toHaveLength(2);
    expect(at('unsafe-markdown.md', 10, 'link')).toEqual([
      'content/blogs/unsafe-markdown.md:10  link: expected a URL that runs no code (https:, http:, mailto:, tel: or a path; not javascript:, vbscript: or data:text/html), found "javascript:alert(3)"  [unsafe-url]',
      'content/blogs/unsafe-markdown.md:10  link: expected a URL that runs no code (https:, http:, mailto:, tel: or a path; not javascript:, vbscript: or data:text/html), found "javascript:alert(4)"  [unsafe-url]',
    ]);
    expect(at('unsafe-markdown.md', 12, 'image')).toHaveLength(1);
    expect(at('unsafe-markdown.md', 12, 'link')[0]).toContain('found "data:text/html;base64,PHNjcmlwdD4="');
    expect(at('unsafe-markdown.md', 16, '[evil]: definition')).toHaveLength(1);
    expect(at('unsafe-markdown.md', 17, '[unused]: definition')[0]).toContain('found "java\\tscript:alert(7)"');
    // Raw HTML: the element, each handler, each URL attribute, whatever the spelling.
    expect(at('unsafe-html.md', 8, '<script>')).toEqual([
      'content/blogs/unsafe-html.md:8  <script>: is not allowed in content: it would run code on every visitor’s page  [unsafe-content]',
    ]);
    expect(at('unsafe-html.md', 10, '<span onclick>')).toEqual([
      'content/blogs/unsafe-html.md:10  <span onclick>: is an event-handler attribute, which runs code, found "alert(1)"  [unsafe-content]',
    ]);
    expect(at('unsafe-html.md', 10, '<img onerror>')).toHaveLength(1);
    for (const [line, found] of [
      [12, '"  JAVASCRIPT:alert(3)"'],
      [13, '"javascript:alert(4)"'],
      [14, '"java\\tscript:alert(5)"'],
    ] as const) {
      expect(at('unsafe-html.md', line, '<a href>'), String(line)).toEqual([expect.stringContaining(`found ${found}  [unsafe-url]`)]);
    }
    expect(at('unsafe-html.md', 17, '<form action>')).toHaveLength(1);
    expect(at('unsafe-html.md', 17, '<button formaction>')).toHaveLength(1);
    expect(at('unsafe-html.md', 20, '<a xlink:href>')).toHaveLength(1);
    // A style attribute is removed, and the author is told so: a warning, at its line.
    expect(at('unsafe-html.md', 22, '<b style>')).toEqual([expect.stringContaining('found "color:red"  [style-removed]')]);
    // Nothing else is reported: prose and code that merely mention scripts, and markup that is only sanitized.
    expect(new Set(lines).size).toBe(18);
    await expect(report + '\n').toMatchFileSnapshot(`../fixtures/unsafe-content/markdown/expected-diagnostics.txt`);
  });

  it('fails on unsafe URLs in front-matter URL fields, at the field, but not on prose that mentions javascript:', async () => {
    const { writer, report, lines } = await buildWith('front-matter');
    expect(writer.files.size).toBe(0);
    expect(lines.sort()).toEqual([
      'content/about/team/unsafe-profile.md:8  linkedInUrl: expected a URL that runs no code (https:, http:, mailto:, tel: or a path; not javascript:, vbscript: or data:text/html), found "VBScript:msgbox(1)"  [unsafe-url]',
      'content/about/team/unsafe-profile.md:9  sameAs[1]: expected a URL that runs no code (https:, http:, mailto:, tel: or a path; not javascript:, vbscript: or data:text/html), found "data:text/html,<script>alert(2)</script>"  [unsafe-url]',
      'content/projects/unsafe-client-url.md:7  clients[1].url: expected a URL that runs no code (https:, http:, mailto:, tel: or a path; not javascript:, vbscript: or data:text/html), found "javascript:alert(1)"  [unsafe-url]',
      'content/projects/unsafe-client-url.md:8  clients[2].url: expected a URL that runs no code (https:, http:, mailto:, tel: or a path; not javascript:, vbscript: or data:text/html), found "  jav&#x61;script:alert(2)"  [unsafe-url]',
      // Not even a URL to the schema; said as well, since both are true.
      'content/projects/unsafe-client-url.md:8  clients[2].url: expected an absolute URL (https://…), found "  jav&#x61;script:alert(2)"  [invalid-format]',
    ]);
    await expect(report + '\n').toMatchFileSnapshot(`../fixtures/unsafe-content/front-matter/expected-diagnostics.txt`);
  });

  it('still sanitizes whatever it does not reject, keeping what real content needs', () => {
    const html = renderMarkdown(
      [
        '<iframe src="https://example.org"></iframe><b style="color:red" class="x">bold</b> <details><summary>More</summary>Hidden</details>',
        '',
        '| a | b |\n|---|---|\n| 1 | 2 |',
        '',
        'A note[^1] and [a jump](#custom).',
        '',
        '<h3 id="custom">Custom</h3>',
        '',
        '[^1]: The note.',
      ].join('\n'),
    );
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('style=');
    expect(html).toContain('<b>bold</b>');
    expect(html).toContain('<details><summary>More</summary>Hidden</details>');
    expect(html).toContain('<table>');
    // Ids written in content are prefixed (no clobbering the page's globals), and links follow them.
    expect(html).toContain('<h3 id="user-content-custom">Custom</h3>');
    expect(html).toContain('<a href="#user-content-custom">a jump</a>');
    const footnoteRef = /<a href="#([^"]+)" id="([^"]+)" data-footnote-ref/.exec(html);
    expect(footnoteRef).not.toBeNull();
    expect(html).toContain(`<li id="${footnoteRef![1]}">`);
    expect(html).toContain(`href="#${footnoteRef![2]}"`);
  });
});
