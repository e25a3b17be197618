import { describe, expect, it } from 'vitest';
import { renderContentMarkdown } from '../../src/render/markdown.ts';
import { mdxSyntaxLine } from '../../src/render/mdx-in-markdown.ts';
import { proseMarkdownHtml } from '../../src/runner/fast-paths/prose-markdown.ts';
// The prose reader put where the renderer takes it from, as a build does.
import '../../src/runner/fast-paths/index.ts';

describe('MDX written in a .md file', () => {
  it('finds the first component or import line, outside code blocks', () => {
    expect(mdxSyntaxLine('Text.\n\n<Note kind="tip">\nHi\n</Note>\n')).toEqual({ line: 3, written: '<Note>' });
    expect(mdxSyntaxLine("import Tabs from '../components/Tabs.tsx';\n\nText.")).toEqual({ line: 1, written: 'an import line' });
    expect(mdxSyntaxLine('export const meta = 1;\n')).toEqual({ line: 1, written: 'an export line' });
    expect(mdxSyntaxLine('```mdx\n<Note>in code</Note>\nimport x from "y";\n```\n\nPlain <b>html</b>, a <Tag in text.\n')).toBeUndefined();
    expect(mdxSyntaxLine('import the data, then export it.\n<div>html</div>\n')).toBeUndefined();
  });

  it('is a warning at the line in the file, naming .mdx', () => {
    const source = { file: '/site/content/guide.md', bodyLine: 5 };
    const { html, diagnostics } = renderContentMarkdown('Intro.\n\n<Note>\nInside.\n</Note>\n', source);
    expect(html).toContain('Inside.');
    expect(diagnostics.map(({ code, severity, line, message, hint }) => ({ code, severity, line, message, hint }))).toEqual([
      {
        code: 'mdx-in-markdown',
        severity: 'warning',
        line: 7,
        message: 'writes <Note>, which is MDX, in a Markdown file: Markdown does not run it, and the sanitizer removes a component',
        hint: 'Rename the file to .mdx (in a collection with mdx: true, if its writers may change the site’s code) to use components and imports; or write plain Markdown.',
      },
    ]);
  });

  it('is said of a body the prose reader reads too', () => {
    const body = "import Tabs from './tabs.tsx'\n\nSome text.\n";
    // The fast path, not the full processor, renders this body: the warning must not depend on which.
    expect(proseMarkdownHtml(body)).toBeDefined();
    const { diagnostics } = renderContentMarkdown(body, { file: '/site/content/guide.md', bodyLine: 3 });
    expect(diagnostics.map(({ code, line }) => ({ code, line }))).toEqual([{ code: 'mdx-in-markdown', line: 3 }]);
  });
});
