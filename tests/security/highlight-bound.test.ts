import { describe, expect, it } from 'vitest';
import { renderContentMarkdown } from '../../src/render/markdown.ts';
import type { Element } from 'hast';
import { MAX_HIGHLIGHTED_CHARACTERS, tooLargeToHighlight } from '../../src/render/highlight-bound.ts';

// Issue 39, lesser point 8: a highlighted code block had no size bound (3.4 MB took 127 s and 1.5 GB).

/** A JavaScript fence on line 3 of a body starting on line 5, holding exactly `characters` characters (newlines included). */
function fenced(characters: number): string {
  const line = 'const tag = "<script>alert(1)</script>";\n';
  const code = line.repeat(Math.ceil(characters / line.length)).slice(0, characters - 1);
  return `Some prose.\n\n\`\`\`js\n${code}\n\`\`\`\n`;
}

const render = (markdown: string) => renderContentMarkdown(markdown, { file: '/content/code.md', bodyLine: 5 });

describe('code blocks past the highlighting bound', () => {
  it('stay plain and escaped, with a warning at the block', () => {
    const { html, diagnostics } = render(fenced(MAX_HIGHLIGHTED_CHARACTERS + 1));
    expect(html).not.toContain('shiki');
    expect(html).toContain('<pre><code class="language-js">const tag = "&#x3C;script>alert(1)&#x3C;/script>";');
    expect(html).not.toContain('<script>');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'code-too-large-to-highlight',
        severity: 'warning',
        file: '/content/code.md',
        line: 7,
        field: '```js',
        expected: 'at most 100,000 characters to highlight',
        actual: '100,001 characters',
      }),
    ]);
  });

  it('the bound is inclusive: a block of exactly that many characters is highlighted', () => {
    const pre = (characters: number): Element => ({
      type: 'element',
      tagName: 'pre',
      properties: {},
      children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: 'x'.repeat(characters) }] }],
    });
    expect(tooLargeToHighlight(pre(MAX_HIGHLIGHTED_CHARACTERS), 'js')).toBeUndefined();
    expect(tooLargeToHighlight(pre(MAX_HIGHLIGHTED_CHARACTERS + 1), 'js')).toMatchObject({ code: 'code-too-large-to-highlight' });
    // And a short block is highlighted as before.
    expect(render(fenced(200)).html).toContain('<pre class="shiki"');
  });
});
