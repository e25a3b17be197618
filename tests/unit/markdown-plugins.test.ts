import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeExternalLinks from 'rehype-external-links';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSite } from '../../src/site/validate.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';
import type { MarkdownDefinition } from '../../src/site/markdown-options.ts';
import { renderContentMarkdown, renderMarkdown } from '../../src/render/markdown.ts';
import type { VFile } from 'vfile';

const source = { file: '/site/content/post.md', bodyLine: 5 };

/** A remark plugin appending a paragraph with its option's text. */
function remarkAppend(options: { text: string }) {
  return (tree: MdastRoot) => {
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: options.text }] });
  };
}

/** A rehype plugin that marks every paragraph with the order it ran in. */
function rehypeMark(options: { mark: string }) {
  return (tree: HastRoot) => {
    for (const node of tree.children)
      if (node.type === 'element' && node.tagName === 'p') node.children.push({ type: 'text', value: options.mark });
  };
}

/** A remark plugin that changes nothing. */
function remarkAppendPlain() {
  return () => undefined;
}

function rehypeAddHandler() {
  return (tree: HastRoot) => {
    const first = tree.children.find((node): node is Element => node.type === 'element');
    if (first) first.properties.onClick = 'steal()';
  };
}

function rehypeAddScript() {
  return (tree: HastRoot) => {
    tree.children.push({ type: 'element', tagName: 'script', properties: {}, children: [{ type: 'text', value: 'steal()' }] });
  };
}

function rehypeThrow() {
  return () => {
    throw new Error('cannot read the tree');
  };
}

describe("the site's own plugins", () => {
  it('runs remark plugins then rehype plugins, in the order given, with their options', () => {
    const settings: MarkdownDefinition = {
      remarkPlugins: [[remarkAppend, { text: 'added' }]],
      rehypePlugins: [
        [rehypeMark, { mark: '1' }],
        [rehypeMark, { mark: '2' }],
      ],
    };
    expect(renderMarkdown('Hello', settings)).toBe('<p>Hello12</p>\n<p>added12</p>');
  });

  it('runs a registry plugin, before the engine’s own link pass', () => {
    const settings: MarkdownDefinition = { rehypePlugins: [[rehypeExternalLinks, { content: { type: 'text', value: ' ↗' } }]] };
    expect(renderMarkdown('[Docs](https://example.com)', settings)).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer" target="_blank">Docs<span> ↗</span></a></p>',
    );
  });

  it('refuses an event handler a plugin adds, naming the plugin', () => {
    const settings: MarkdownDefinition = { rehypePlugins: [[rehypeMark, { mark: '' }], rehypeAddHandler] };
    const { html, diagnostics } = renderContentMarkdown('Hello', source, settings);
    expect(diagnostics).toMatchObject([{ code: 'unsafe-content', severity: 'error', file: source.file, line: 5, field: '<p onclick>' }]);
    expect(diagnostics[0]!.message).toContain('markdown.rehypePlugins[1] (rehypeAddHandler)');
    expect(html).not.toContain('steal');
  });

  it('refuses a script a plugin adds, and blames the content for its own', () => {
    const settings: MarkdownDefinition = { rehypePlugins: [rehypeAddScript] };
    const { diagnostics } = renderContentMarkdown('Text\n\n<p onclick="own()">x</p>', source, settings);
    expect(diagnostics.map((d) => [d.field, d.line, d.message.includes('rehypeAddScript')])).toEqual([
      ['<p onclick>', 7, false],
      ['<script>', 5, true],
    ]);
  });

  it('reports a plugin that throws at the file and the field naming it, with the stack kept for --verbose', () => {
    const settings: MarkdownDefinition = { rehypePlugins: [[rehypeMark, { mark: '' }], rehypeThrow] };
    const { diagnostics } = renderContentMarkdown('Hello', source, settings);
    expect(diagnostics).toMatchObject([
      { code: 'markdown-plugin-failed', severity: 'error', file: source.file, line: 5, field: 'markdown.rehypePlugins[1]' },
    ]);
    expect(diagnostics[0]!.message).toContain('cannot read the tree');
    expect(diagnostics[0]!.detail).toContain('markdown-plugins.test.ts:');
  });

  it('reports an asynchronous plugin at its field, since pages render synchronously', () => {
    const rehypeLater = () => async () => undefined;
    const { diagnostics } = renderContentMarkdown('Hello', source, { rehypePlugins: [rehypeLater] });
    expect(diagnostics).toMatchObject([{ code: 'markdown-plugin-failed', field: 'markdown.rehypePlugins[0]' }]);
    expect(diagnostics[0]!.message).toContain('returned a promise');
  });

  it('runs a transformer written with a callback, and still sees what it adds', () => {
    const rehypeCallback = () => (tree: HastRoot, _file: unknown, next: (error?: Error) => void) => {
      rehypeAddHandler()(tree);
      next();
    };
    const { diagnostics } = renderContentMarkdown('Hello', source, { rehypePlugins: [rehypeCallback] });
    expect(diagnostics).toMatchObject([{ code: 'unsafe-content', field: '<p onclick>' }]);
    expect(diagnostics[0]!.message).toContain('markdown.rehypePlugins[0] (rehypeCallback)');
  });

  it('reports the warnings a plugin gives with file.message at their line, naming the plugin, and renders the page', () => {
    const remarkNoShouting = () => (tree: MdastRoot, file: VFile) => {
      for (const node of tree.children)
        if (node.type === 'heading')
          file.message('Do not shout in headings', { place: node.position, ruleId: 'no-shouting', source: 'remark-lint' });
      file.info('Checked the headings');
    };
    const { html, diagnostics } = renderContentMarkdown('Hello\n\n## LOUD', source, {
      remarkPlugins: [remarkAppendPlain, remarkNoShouting],
    });
    expect(html).toContain('<h2 id="loud">LOUD</h2>');
    // The body starts on line 5 of the file, so its line 3 is the file's line 7; the info note is not a warning.
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'markdown-plugin-message',
        severity: 'warning',
        file: source.file,
        line: 7,
        column: 1,
        field: 'markdown.remarkPlugins[1]',
        message: "the site's plugin markdown.remarkPlugins[1] (remarkNoShouting) says: Do not shout in headings (remark-lint:no-shouting)",
      }),
    ]);
  });

  it('names the plugin that gave a warning when it runs with a callback, and places it on the body when it gives no position', () => {
    const rehypeCallback = () => (_tree: HastRoot, file: VFile, next: (error?: Error) => void) => {
      file.message('Too few images');
      next();
    };
    const { diagnostics } = renderContentMarkdown('Hello', source, { rehypePlugins: [[rehypeMark, { mark: '' }], rehypeCallback] });
    expect(diagnostics).toMatchObject([{ code: 'markdown-plugin-message', line: 5, field: 'markdown.rehypePlugins[1]' }]);
    expect(diagnostics[0]!.message).toContain('(rehypeCallback) says: Too few images');
  });
});

describe('highlighted code', () => {
  const fence = '```sql\n-- live ones\nselect id, name\nfrom clients\n```';

  it('is highlighted with classes, never a style attribute', () => {
    const { html, diagnostics } = renderContentMarkdown(fence, source);
    expect(diagnostics).toEqual([]);
    expect(html).toMatch(
      /^<pre class="shiki" tabindex="0" data-language="sql"><code><span class="line"><span class="hl-[0-9a-f]{6} hd-[0-9a-f]{6}">-- live ones<\/span><\/span>\n<span class="line"><span class="hl-[0-9a-f]{6} hd-[0-9a-f]{6}">select<\/span>/,
    );
    expect(html).not.toContain('style=');
    expect(html).toContain('-- live ones');
    // The comment has its own colour in both themes (the first block a thread highlights included).
    expect(html).toContain('<span class="hl-6e7781 hd-8b949e">-- live ones</span>');
  });

  it('is left plain when the site turns highlighting off', () => {
    expect(renderContentMarkdown(fence, source, { highlight: false }).html).toBe(
      '<pre><code class="language-sql">-- live ones\nselect id, name\nfrom clients\n</code></pre>',
    );
  });

  it('shows a fence in an unknown language plain, with a warning at its line and a suggestion', () => {
    const { html, diagnostics } = renderContentMarkdown('Intro\n\n```pyhton\nprint(1)\n```', source);
    expect(html).toContain('<pre><code class="language-pyhton">print(1)\n</code></pre>');
    expect(diagnostics).toMatchObject([
      {
        code: 'unknown-code-language',
        severity: 'warning',
        file: source.file,
        line: 7,
        actual: '"pyhton"',
        hint: 'did you mean "python"?',
      },
    ]);
  });

  it('highlights a language by the names docs sites write that Shiki lacks (golang is Go, not "did you mean erlang")', () => {
    const { html, diagnostics } = renderContentMarkdown('```golang\nfunc main() {}\n```', source);
    expect(diagnostics).toEqual([]);
    expect(html).toContain('data-language="go"');
    expect(html).toBe(renderContentMarkdown('```go\nfunc main() {}\n```', source).html);
  });

  it('warns at the fence of Expressive Code syntax it ignores, naming what to write instead', () => {
    const body =
      'Intro\n\n```js lang="ts" "useState" frame="terminal" {2} title="a.js"\nconst a = 1;\n```\n\n```js\n// file: src/App.js\nrender();\n```';
    const { diagnostics } = renderContentMarkdown(body, source, { shiki: { meta: true } });
    expect(diagnostics.map(({ code, severity, file, line, actual, hint }) => ({ code, severity, file, line, actual, hint }))).toEqual([
      {
        code: 'unsupported-fence-syntax',
        severity: 'warning',
        file: source.file,
        line: 7,
        actual: '"lang=\\"ts\\""',
        hint: expect.stringContaining('the language right after the backticks'),
      },
      {
        code: 'unsupported-fence-syntax',
        severity: 'warning',
        file: source.file,
        line: 7,
        actual: '"\\"useState\\""',
        hint: expect.stringContaining('/useState/'),
      },
      {
        code: 'unsupported-fence-syntax',
        severity: 'warning',
        file: source.file,
        line: 7,
        actual: '"frame=\\"terminal\\""',
        hint: expect.stringContaining('title="…"'),
      },
      {
        code: 'unsupported-fence-syntax',
        severity: 'warning',
        file: source.file,
        line: 12,
        actual: '"// file: src/App.js"',
        hint: expect.stringContaining('title="src/App.js"'),
      },
    ]);
  });

  it('says nothing of the fence meta it reads', () => {
    const body = '```js title="a.js" {2} ins={1} del={3} /a/ showLineNumbers\nconst a = 1;\n// a comment, not a file\n```';
    expect(renderContentMarkdown(body, source, { shiki: { meta: true } }).diagnostics).toEqual([]);
  });

  it('colours the first block of a language as it colours the next, whatever was highlighted before', () => {
    const settings: MarkdownDefinition = { shiki: { themes: { light: 'github-light', dark: 'github-dark-default' } } };
    renderMarkdown('```ruby\ndef total(prices) = prices.sum\n```', settings);
    const go = '```go\nfunc total(prices []int) int {\n\treturn len(prices) // count\n}\n```';
    const first = renderMarkdown(go, settings);
    // Another text, so the cache of rendered bodies does not answer.
    expect(renderMarkdown(`${go}\n\n`, settings)).toBe(first);
  });

  it('uses the themes the site names', () => {
    const themed = renderContentMarkdown('```js\nconst a = 1;\n```', source, {
      shiki: { themes: { light: 'min-light', dark: 'min-dark' } },
    }).html;
    const plain = renderContentMarkdown('```js\nconst a = 1;\n```', source).html;
    expect(themed).toContain('<pre class="shiki"');
    expect(themed).not.toBe(plain);
  });
});

describe('the markdown settings, checked when the site loads', () => {
  const check = (markdown: unknown) =>
    checkSite({ ...createMinimalSite(), markdown }, path.resolve('tests/fixtures/minimal')).diagnostics.map(
      ({ code, field, expected, actual, hint }) => ({ code, field, expected, actual, hint }),
    );

  it('accepts plugins, with and without options', () => {
    expect(check({ remarkPlugins: [remarkAppend], rehypePlugins: [[rehypeMark, { mark: 'x' }], rehypeExternalLinks] })).toEqual([]);
  });

  it('reports a value that is not a plugin at its field', () => {
    expect(check({ rehypePlugins: [rehypeMark, 'rehype-slug'] })).toMatchObject([
      {
        code: 'invalid-type',
        field: 'markdown.rehypePlugins[1]',
        expected: 'a unified plugin, or [plugin, options]',
        actual: '"rehype-slug"',
      },
    ]);
  });

  it('reports a theme Shiki does not have, with a suggestion', () => {
    expect(check({ shiki: { themes: { light: 'github-light', dark: 'github-drak' } } })).toMatchObject([
      { code: 'invalid-value', field: 'markdown.shiki.themes.dark', actual: '"github-drak"', hint: 'did you mean "github-dark"?' },
    ]);
  });
});
