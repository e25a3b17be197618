import fc from 'fast-check';
import { expect, it } from 'vitest';
import { analysePage } from '../../src/render/analysis.ts';
import { findInlineCode } from '../../src/security/inline-code.ts';
import { settings } from './workspace.ts';

/**
 * Pieces of pages: the tags the engine writes (its bootstrap among them), inline code of every kind, and text that only
 * looks like it. Always whole tags: the scan reads serializer output, where a `<` in text is
 * escaped (`<x</style>` is an element with a style attribute to a parser, and to no scan).
 */
const piece = fc.constantFrom(
  '<script type="application/ld+json">',
  '{"@type":"Thing"}',
  '</script>',
  '<script type="module" src="/assets/a.js"></script>',
  '<script src="/a.js" defer=""></script>',
  '<script src="/a.js">x()</script>',
  '<script>',
  'go()',
  '<SCRIPT>',
  '<style>',
  'b{}',
  '</style>',
  '<p style="color:red">',
  '<p data-style="x">',
  '<div onclick="x()">',
  '<div on="x">',
  '<a href="javascript:x()">',
  '<a href="/javascript:">',
  ' style = "a"',
  'style=',
  ' onload=',
  'JavaScript:',
  '<p>',
  '</p>',
  'text',
  ' ',
  '&lt;',
  '"',
  '<script type="application/ld+json">{"u":"javascript:x"}</script>',
  '<template><script>t()</script></template>',
  '<svg><style>s{}</style></svg>',
  '<!-- <script>c()</script> -->',
  // Inline code on an external script's own tag.
  '<script src="/a.js" onload="x()"></script>',
  '<script onerror="x()" src="/a.js"></script>',
  '<script src="/a.js" style="a"></script>',
  '<script src="javascript:x()"></script>',
  '<script src=" JavaScript:x()"></script>',
  '<script src="https://cdn.example/a.js"></script>',
  // What the scan of a rendered page reads: attributes in other cases and spellings, references, other URL attributes.
  '<P STYLE="x">',
  '<div OnClick="x()">',
  '<div on-x="y">',
  '<div onx1="y">',
  '<a href="&#106;avascript:x()">',
  '<a href="java&#x73;cript:x()">',
  '<a href="javascript&#58;x()">',
  '<form action="javascript:x()">',
  '<button formaction="javascript:x()">',
  '<object data="javascript:x()">',
  '<a href="https://example.com/a:b">',
  '<img src="/a.png" alt="on=x style=y javascript:">',
  '<a title="javascript:x()" href="/a">',
  '<svg><a xlink:href="javascript:x()"></a></svg>',
  '<script type="application/ld+json" id="x">{}</script>',
  '<script type="module">m()</script>',
  '<STYLE>b{}</STYLE>',
  // The engine's inline stylesheets, which the scan hashes itself, and text a parser may read otherwise in SVG.
  '<style data-href="/assets/a.css">',
  '<style data-href="/assets/a.css">a{color:red}</style>',
  '<svg><style data-href="/a.css">&amp;</style></svg>',
  'c{}',
  '&amp;',
  // The engine's bootstrap, which the scan hashes too.
  '<script type="module" data-entry="/assets/c.js">',
  '<script type="module" data-entry="/assets/c.js">start()</script>',
  '<svg><script type="module" data-entry="/c.js">&amp;</script></svg>',
  '<script type="module" data-entry="/c.js" onload="x()">s()</script>',
  '<script type="module" data-entry="javascript:x()">s()</script>',
);
const html = fc
  .array(piece, { maxLength: 25 })
  .map((parts) => `<!DOCTYPE html><html><head><title>t</title></head><body>${parts.join('')}</body></html>`);

// A rendered page's analysis decides from its scan for links whether to parse it for inline code.
it('finds the same inline code in a rendered page as a full parse does', () => {
  fc.assert(
    fc.property(html, (contents) => {
      expect(analysePage('index.html', contents).inline).toEqual(findInlineCode([{ path: 'index.html', contents }]));
    }),
    settings(2000),
  );
});
