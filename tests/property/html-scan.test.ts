import fc from 'fast-check';
import type { Element, ElementContent } from 'hast';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build.ts';
import type { ScannedPage } from '../../src/render/page-scan.ts';
import { scanHtml } from '../../src/runner/fast-paths/html-scan.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createSite } from '../../templates/site.ts';
import { scanHtmlWithParse5 } from '../helpers/html-scan-parse5.ts';
import { scanHtml as scanWithPattern } from '../helpers/html-scan-regex.ts';
import { settings } from './workspace.ts';

/** parse5, with its full parses counted: the scan exists to make none. */
const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock('parse5', async (importOriginal) => {
  const parse5 = await importOriginal<typeof import('parse5')>();
  return { ...parse5, parse: (...args: Parameters<typeof parse5.parse>) => (parses.count++, parse5.parse(...args)) };
});

const plain = ({ ids, links }: ScannedPage) => ({ ids: [...ids], links });
/** The pattern's reading and the scan's, as plain data to compare. */
function bothWays(html: string) {
  return [plain(scanWithPattern(html)), plain(scanHtml(html))] as const;
}
/** A full parse's reading and the scan's. */
function parsedAndScanned(html: string) {
  return [plain(scanHtmlWithParse5(html)), plain(scanHtml(html))] as const;
}

/** Every HTML page of a build of a content folder, as text. */
async function builtPages(content?: string): Promise<string[]> {
  const writer = memoryWriter();
  await build(createSite(content), writer, { socialImages: false, cache: false });
  return [...writer.files].filter(([file]) => file.endsWith('.html')).map(([, bytes]) => new TextDecoder().decode(bytes));
}
const sitePages = await builtPages();

/** Pieces of markup, well formed or not: tags, attributes in every quoting, comments, raw text, stray characters. */
const piece = fc.constantFrom(
  '<',
  '>',
  '/>',
  ' />',
  '/',
  '<a',
  '<A',
  '<a ',
  '<img',
  '<link',
  '<meta',
  '<object',
  '<script',
  '<SCRIPT',
  '<style',
  '<title',
  '<textarea',
  '<div',
  '<x:y',
  '<h1',
  '</script>',
  '</Script >',
  '</style>',
  '</title>',
  '</a>',
  '<!--',
  '-->',
  '<!-->',
  '<!DOCTYPE html>',
  '<!x>',
  '<?x?>',
  ' href="/a"',
  ' HREF="/b#c"',
  " href='/d'",
  ' href=/e',
  ' href = "/f" ',
  ' href=',
  ' href="',
  " href='",
  ' src="/i.png"',
  ' srcset="/a.png 1x, /b.png 2x"',
  ' imagesrcset="/c.avif 400w,/d.avif 800w"',
  ' id="x"',
  ' ID=y',
  ' id=""',
  ' name="n"',
  ' rel="preconnect"',
  ' rel="stylesheet"',
  ' rel="DNS-Prefetch"',
  ' property="og:image"',
  ' property="OG:URL"',
  ' name="twitter:image"',
  ' content="/og.png"',
  ' data="/o.svg"',
  ' xlink:href="#s"',
  ' poster="/p.jpg"',
  ' action="/f"',
  ' formaction="/g"',
  ' cite="/c"',
  ' background="/b.png"',
  ' class="id=z href=/q"',
  ' data-x="1"',
  ' hidden',
  ' a=b=c',
  ' a=`b`',
  ' x="&amp;&lt;&#x41;&#66;&#0;&#xD800;&bogus;&quot;"',
  ' href="&#x2F;amp&amp;"',
  '\u00a0href="/nbsp"',
  '\u2028',
  '\t',
  '\n',
  ' ',
  '  ',
  '=',
  '"',
  "'",
  '`',
  'text',
  '&lt;a href="/not"&gt;',
  'é',
  '日本',
  '\uFEFF',
  // Whole tags, so raw text and links inside it come together often enough.
  '<a href="/z" id="w">',
  '<img src="/y.png">',
  '<script>',
  '<script type="module">',
  '<Style>',
  '<title>',
  '<textarea>',
  '<xmp>',
  '</TITLE>',
  '</scrip>',
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
  node: fc.record({
    tag: tagName,
    props: attribute,
    children: fc.array(fc.oneof({ depthSize: 'small' }, fc.string({ maxLength: 8 }), tie('node')), { maxLength: 3 }),
  }),
})).node as never;
const voids = new Set(['img', 'link', 'meta']);
function toReact(node: { tag: string; props: Record<string, string>; children: unknown[] }): ReactNode {
  const children = voids.has(node.tag)
    ? undefined
    : node.children.map((child) => (typeof child === 'string' ? child : toReact(child as typeof node)));
  return createElement(node.tag, node.props, ...(children ?? []));
}
/** The same tree with no link inside a link, which the serializers write as given and a parser takes apart. */
function validNesting(node: { tag: string; props: Record<string, string>; children: unknown[] }, inLink = false): typeof node {
  const tag = inLink && node.tag === 'a' ? 'span' : node.tag;
  return {
    ...node,
    tag,
    children: node.children.map((child) => (typeof child === 'string' ? child : validNesting(child as typeof node, inLink || tag === 'a'))),
  };
}
function toHast(node: { tag: string; props: Record<string, string>; children: unknown[] }): Element {
  const children = voids.has(node.tag)
    ? []
    : node.children.map(
        (child): ElementContent => (typeof child === 'string' ? { type: 'text', value: child } : toHast(child as typeof node)),
      );
  return { type: 'element', tagName: node.tag, properties: node.props, children };
}
const hastToHtml = unified().use(rehypeStringify);

describe('the hand-written page reader against a full parse', () => {
  it('reads what parse5 reads on every page of the site', () => {
    expect(sitePages.length).toBeGreaterThan(100);
    for (const page of sitePages) {
      const [parsed, scanned] = parsedAndScanned(page);
      expect(scanned.links.length).toBeGreaterThan(0);
      expect(scanned).toEqual(parsed);
    }
  });

  it('reads what parse5 reads on markup written by react-dom/server and hast-util-to-html', () => {
    fc.assert(
      fc.property(
        tree.map((node) => validNesting(node)),
        (node) => {
          for (const html of [renderToString(toReact(node)), hastToHtml.stringify({ type: 'root', children: [toHast(node)] })]) {
            const [parsed, scanned] = parsedAndScanned(html);
            expect(scanned).toEqual(parsed);
          }
        },
      ),
      settings(1000),
    );
  });

  it('reads what parse5 reads where a reading of tags could go wrong', () => {
    const edges = [
      '<a href="/a?b=1&amp;c=2" id="x&amp;y">',
      '<a href="&#x2F;x&#47;y">',
      '<a href="/q&quot;r">',
      '<a href="/é#ü">',
      '<a title="a>b" href="/gt">',
      '<a title="a\nb" href="/nl">',
      '<img srcset="/a.png 1x, /b.png 2x" src="/c.png">',
      '<link rel="preconnect" href="https://x.example">',
      '<link rel="stylesheet" href="/s.css">',
      '<link rel="preload" as="image" imagesrcset="/a.avif 400w, /b.avif 800w">',
      '<meta property="og:image" content="/og.png">',
      '<meta name="twitter:image" content="/t.png">',
      '<meta property="og:title" content="/not-a-url">',
      '<svg><use href="#i"></use><a xlink:href="#j"></a></svg>',
      '<template><a href="/t" id="tid"></a></template>',
      '<script type="application/ld+json">{"a":"<a href=\\"/no\\">"}</script><a href="/yes">',
      '<title>a <a href="/no"></title>',
      '<textarea><a href="/no"></textarea>',
      '<style>a[href="/no"]{}</style>',
      '<!-- <a href="/no"> --><a href="/yes">',
      '<a name="n" id="m">',
      '<div id="">',
      '<object data="/o.svg">',
      '<video poster="/p.jpg" src="/v.mp4"></video>',
      '<form action="/f"><button formaction="/g"></button></form>',
      '<blockquote cite="/c"></blockquote>',
      '<img src="/first.png" src="/second.png">',
      "<a href='/single'>",
      '<p>a &gt; b <a href="/after"></p>',
      '<br/><a href="/x"/>',
      '<table><td background="/b.png">',
    ];
    for (const html of edges) {
      const [parsed, scanned] = parsedAndScanned(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);
      expect(scanned, html).toEqual(parsed);
    }
  });

  it('parses nothing to read a page', () => {
    parses.count = 0;
    scanHtmlWithParse5(sitePages[0]!);
    // The count sees a full parse.
    expect(parses.count).toBe(1);
    parses.count = 0;
    for (const page of sitePages) scanHtml(page);
    expect(parses.count).toBe(0);
  });
});

describe('the hand-written page reader against the pattern it was written from', () => {
  it('reads what the pattern reads on every page of the site', () => {
    for (const page of sitePages) {
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
