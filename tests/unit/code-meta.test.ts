import type { ShikiTransformer } from 'shiki/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CopyCodeButton } from '../../src/client/copy-code.ts';
import { parseFenceMeta } from '../../src/render/code-meta.ts';
import { themeStylesheet } from '../../src/render/highlight.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { DEFAULT_THEMES, type MarkdownDefinition } from '../../src/site/markdown-options.ts';

const META: MarkdownDefinition = { shiki: { meta: true } };
const fence = (info: string, code: string) => `\`\`\`${info}\n${code}\n\`\`\`\n`;
const APP = "import { useState } from 'react';\nconst [n, setN] = useState(0);\nexport default n;";

describe('fence meta as docs sites write it', () => {
  it('reads a title, a file name first, marked, inserted and deleted lines, and numbering', () => {
    expect(parseFenceMeta('title="src/App.js" {2,4-5} /useState/')).toEqual({
      title: 'src/App.js',
      lineNumbers: false,
      inserted: [],
      deleted: [],
      rest: '{2,4-5} /useState/',
    });
    expect(parseFenceMeta("src/components/App.js ins={3} del={1,5-6} showLineNumbers title='x'")).toMatchObject({
      title: 'x',
      inserted: [3],
      deleted: [1, 5, 6],
      lineNumbers: true,
      rest: 'src/components/App.js',
    });
    expect(parseFenceMeta('src/components/App.js {2}')).toMatchObject({ title: 'src/components/App.js', rest: '{2}' });
    // A marked word or lines first is no file name.
    expect(parseFenceMeta('/useState/ {2}').title).toBeUndefined();
    expect(parseFenceMeta('{2} package.json').title).toBeUndefined();
  });

  it('draws a title as the caption of a figure, and marks as <mark>, <ins>, <del>, with no style attribute', () => {
    const html = renderMarkdown(fence('js src/App.js {1} ins={2} del={3} /useState/', APP), META);
    expect(html).toMatch(
      /^<figure class="code-block"><figcaption class="code-title">src\/App\.js<\/figcaption><pre class="shiki has-diff" tabindex="0" data-language="javascript">/,
    );
    expect(html).toContain('<mark class="line highlighted">');
    expect(html).toContain('<ins class="line diff add">');
    expect(html).toContain('<del class="line diff remove">');
    expect(html).toMatch(/<mark class="highlighted-word[^"]*">useState<\/mark>/);
    expect(html).not.toContain('style=');
    // Shiki's colour variables became the engine's classes, in both themes.
    expect(html).toContain('<span class="hl-cf222e hd-ff7b72">import</span>');
  });

  it('marks a diff block’s lines, and numbers lines when asked', () => {
    const html = renderMarkdown(fence('diff showLineNumbers', '- old\n+ new\n  same'), META);
    expect(html).toContain('<pre class="shiki has-diff line-numbers"');
    expect(html).toContain('<del class="line diff remove">');
    expect(html).toContain('<ins class="line diff add">');
    expect(renderMarkdown(fence('js', 'let a = 1;'), { shiki: { lineNumbers: true } })).toContain('<pre class="shiki line-numbers"');
  });

  it('leaves meta alone unless the site reads it: the block is drawn as without meta', () => {
    const plain = renderMarkdown(fence('js', APP));
    expect(renderMarkdown(fence('js src/App.js {1} /useState/', APP))).toBe(plain);
    expect(renderMarkdown(fence('js', APP), META)).toBe(plain);
  });

  it('runs the site’s own transformers after the engine’s', () => {
    const seen: string[] = [];
    const numbered: ShikiTransformer = {
      name: 'site:numbered',
      line(node, line) {
        seen.push([node.properties.class].flat().join(' '));
        node.properties['data-line'] = line;
      },
    };
    const html = renderMarkdown(fence('js {2}', 'a;\nb;'), { shiki: { meta: true, transformers: [numbered] } });
    expect(html).toContain('<span class="line" data-line="1">');
    expect(html).toContain('<mark class="line highlighted" data-line="2">');
    expect(seen).toEqual(['line', 'line highlighted']);
  });
});

describe('code colours that follow a site’s selector', () => {
  it('adds rules under the site’s selectors, which win over the preference, and nothing without them', () => {
    const plain = themeStylesheet(DEFAULT_THEMES);
    expect(plain).not.toContain(':root');
    expect(plain).not.toContain('.line');
    const toggled = themeStylesheet({ ...DEFAULT_THEMES, darkSelector: '[data-theme="dark"]', lightSelector: '.light' });
    expect(toggled).toContain(
      '@media not (prefers-color-scheme: dark){\n:root:not(:is([data-theme="dark"])) pre.shiki{background-color:#ffffff',
    );
    expect(toggled).toContain('\n:root:is([data-theme="dark"]) .shiki .hd-ff7b72{color:#ff7b72}\n');
    expect(toggled).toContain('\n:root:is(.light) .shiki .hl-cf222e{color:#cf222e}\n');
    expect(toggled).toContain('@media (prefers-color-scheme: dark){\n:root:not(:is(.light)) pre.shiki');
    // The marks' rules come with fence meta.
    expect(themeStylesheet({ ...DEFAULT_THEMES, meta: true })).toContain('.shiki mark.line,.shiki ins.line,.shiki del.line{');
  });
});

describe('the copy button (markdown.shiki.copyButton)', () => {
  it('writes the island beside each block, with the markup the button renders, so hydration finds it', () => {
    const html = renderMarkdown(fence('js', 'let a = 1;'), { shiki: { copyButton: 'CopyCode' } });
    const island = /<div data-island="CopyCode" data-props="\{\}">(.*?)<\/div>/.exec(html);
    expect(html.startsWith('<figure class="code-block"><pre class="shiki"')).toBe(true);
    expect(island?.[1]).toBe(renderToString(createElement(CopyCodeButton)));
    // Without the option, no button and no island.
    expect(renderMarkdown(fence('js', 'let a = 1;'))).not.toContain('data-island');
  });
});
