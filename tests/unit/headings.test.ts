import { describe, expect, it } from 'vitest';
import { headingsOf, mdxCustomIds } from '../../src/render/headings.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';

describe('headings as data', () => {
  it('reads each heading of a body: depth, text without markup or escapes, id', () => {
    const html =
      '<h2 id="install">Install <code>site</code></h2>\n<p>x</p><h3 id="a-b">A &amp; B&#x27;s &lt;tag&gt;</h3><header>no</header><h4>No id</h4>';
    expect(headingsOf(html)).toEqual([
      { depth: 2, text: 'Install site', id: 'install' },
      { depth: 3, text: "A & B's <tag>", id: 'a-b' },
      { depth: 4, text: 'No id' },
    ]);
  });

  it('reads what the Markdown renderer writes, custom ids included', () => {
    const body = '# Title\n\n## Install it {#setup}\n\nText.\n\n## Use *it*\n';
    const html = renderMarkdown(body);
    expect(html).toContain('<h2 id="setup">Install it</h2>');
    expect(headingsOf(html)).toEqual([
      { depth: 1, text: 'Title', id: 'title' },
      { depth: 2, text: 'Install it', id: 'setup' },
      { depth: 2, text: 'Use it', id: 'use-it' },
    ]);
  });

  it('takes a custom id from a body of plain prose too (left to the full processor)', () => {
    expect(renderMarkdown('## Install {#setup}\n\nRun it.\n')).toBe('<h2 id="setup">Install</h2>\n<p>Run it.</p>');
    // Braces that are no id stay text.
    expect(renderMarkdown('## Sets {a, b}\n')).toBe('<h2 id="sets-a-b">Sets {a, b}</h2>');
  });

  it('writes MDX headings’ {#id} in the comment form MDX reads, code fences left alone', () => {
    expect(mdxCustomIds('## One {#one}\n\n```md\n## Two {#two}\n```\n\n### Three {#three}  \ntext {#no}')).toBe(
      '## One {/*#one*/}\n\n```md\n## Two {#two}\n```\n\n### Three {/*#three*/}\ntext {#no}',
    );
  });

  it('reads headings in one pass: unclosed tags stop the search rather than restart it', () => {
    // Each search starts where the last ended: counted, not timed, by the characters indexOf may pass.
    let searched = 0;
    const html = `${'<h2 id="x">'.repeat(10_000)}${'<h3 '.repeat(10_000)}`;
    const indexOf = String.prototype.indexOf;
    String.prototype.indexOf = function (this: string, search: string, from?: number) {
      const found = indexOf.call(this, search, from);
      searched += (found < 0 ? this.length : found) - (from ?? 0);
      return found;
    };
    try {
      expect(headingsOf(html)).toEqual([]);
      expect(headingsOf(html.slice(html.indexOf('<h3')))).toEqual([]);
    } finally {
      String.prototype.indexOf = indexOf;
    }
    expect(searched).toBeLessThan(html.length * 4);
  });
});
