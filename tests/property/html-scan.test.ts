import fc from 'fast-check';
import path from 'node:path';
import type { Element, ElementContent } from 'hast';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { scanHtml, type ScannedPage } from '../../src/links/html-scan.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createSite } from '../../templates/site.ts';
import { scanHtml as scanWithPattern } from '../helpers/html-scan-regex.ts';
import { settings } from './workspace.ts';

/** The two readings as plain data, to compare. */
function bothWays(html: string) {
  const plain = ({ ids, links }: ScannedPage) => ({ ids: [...ids], links });
  return [plain(scanWithPattern(html)), plain(scanHtml(html))] as const;
}

/** Pieces of markup, well formed or not: tags, attributes in every quoting, comments, raw text, stray characters. */
const piece = fc.constantFrom(
  '<', '>', '/>', ' />', '/', '<a', '<A', '<a ', '<img', '<link', '<meta', '<object', '<script', '<SCRIPT', '<style', '<title', '<textarea', '<div', '<x:y', '<h1',
  '</script>', '</Script >', '</style>', '</title>', '</a>', '<!--', '-->', '<!-->', '<!DOCTYPE html>', '<!x>', '<?x?>',
  ' href="/a"', ' HREF="/b#c"', " href='/d'", ' href=/e', ' href = "/f" ', ' href=', ' href="', " href='", ' src="/i.png"', ' srcset="/a.png 1x, /b.png 2x"',
  ' imagesrcset="/c.avif 400w,/d.avif 800w"', ' id="x"', ' ID=y', ' id=""', ' name="n"', ' rel="preconnect"', ' rel="stylesheet"', ' rel="DNS-Prefetch"',
  ' property="og:image"', ' property="OG:URL"', ' name="twitter:image"', ' content="/og.png"', ' data="/o.svg"', ' xlink:href="#s"', ' poster="/p.jpg"',
  ' action="/f"', ' formaction="/g"', ' cite="/c"', ' background="/b.png"', ' class="id=z href=/q"', ' data-x="1"', ' hidden', ' a=b=c', ' a=`b`',
  ' x="&amp;&lt;&#x41;&#66;&#0;&#xD800;&bogus;&quot;"', ' href="&#x2F;amp&amp;"', '\u00a0href="/nbsp"', '\u2028', '\t', '\n', ' ', '  ', '=', '"', "'", '`',
  'text', '&lt;a href="/not"&gt;', 'é', '日本', '\uFEFF',
  // Whole tags, so raw text and links inside it come together often enough.
  '<a href="/z" id="w">', '<img src="/y.png">', '<script>', '<script type="module">', '<Style>', '<title>', '<textarea>', '<xmp>', '</TITLE>', '</scrip>',
);
const markupSoup = fc.array(piece, { maxLength: 60, size: 'max' }).map((parts) => parts.join(''));

/** Elements as the two serializers write them, with the attributes links and ids live in. */
const attribute = fc.record(
  {
    id: fc.constantFrom('a', 'b-c', 'é', '1'),
    href: fc.constantFrom('/x', '#a', 'https://example.org/?q=1&r=2', '/a"b', "/a'b", '/a<b>'),
    src: fc.constantFrom('/i.png', '/i j.png'),
    srcSet: fc.constantFrom('/a.png 1x, /b.png 2x', '/c.png'),
    name: fc.constantFrom('n', 'og:image'),
    className: fc.constantFrom('x', 'a b'),
  },
  { requiredKeys: [] },
);
const tagName = fc.constantFrom('a', 'img', 'div', 'link', 'meta', 'span', 'section');
const tree: fc.Arbitrary<{ tag: string; props: Record<string, string>; children: unknown[] }> = fc.letrec((tie) => ({
  node: fc.record({ tag: tagName, props: attribute, children: fc.array(fc.oneof({ depthSize: 'small' }, fc.string({ maxLength: 8 }), tie('node')), { maxLength: 3 }) }),
})).node as never;
const voids = new Set(['img', 'link', 'meta']);
function toReact(node: { tag: string; props: Record<string, string>; children: unknown[] }): ReactNode {
  const children = voids.has(node.tag) ? undefined : node.children.map((child) => (typeof child === 'string' ? child : toReact(child as typeof node)));
  return createElement(node.tag, node.props, ...(children ?? []));
}
function toHast(node: { tag: string; props: Record<string, string>; children: unknown[] }): Element {
  const children = voids.has(node.tag) ? [] : node.children.map((child): ElementContent => (typeof child === 'string' ? { type: 'text', value: child } : toHast(child as typeof node)));
  return { type: 'element', tagName: node.tag, properties: node.props, children };
}
const hastToHtml = unified().use(rehypeStringify);

describe('the hand-written page reader', () => {
  it('reads what the pattern reads on every page of a built site', async () => {
    const writer = memoryWriter();
    await build(createSite(path.resolve('tests/fixtures/small-site/content')), writer, { socialImages: false, cache: false });
    const pages = [...writer.files].filter(([file]) => file.endsWith('.html')).map(([, bytes]) => new TextDecoder().decode(bytes));
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) {
      const [pattern, reader] = bothWays(page);
      expect(reader.links.length).toBeGreaterThan(0);
      expect(reader).toEqual(pattern);
    }
  });

  it('reads what the pattern reads on markup written by react-dom/server and hast-util-to-html', () => {
    fc.assert(
      fc.property(tree, (node) => {
        for (const html of [renderToString(toReact(node)), hastToHtml.stringify({ type: 'root', children: [toHast(node)] })]) {
          const [pattern, reader] = bothWays(html);
          expect(reader).toEqual(pattern);
        }
      }),
      settings(1000),
    );
  });

  it('reads what the pattern reads on tag soup', () => {
    fc.assert(
      fc.property(markupSoup, (html) => {
        const [pattern, reader] = bothWays(html);
        expect(reader).toEqual(pattern);
      }),
      settings(5000),
    );
  });
});
