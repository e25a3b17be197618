import fc from 'fast-check';
import { expect, it } from 'vitest';
import { findInlineCode } from '../../src/security/inline-code.ts';
import { settings } from './workspace.ts';

/**
 * Pieces of pages: the tags the engine writes, inline code of every kind, and text that only
 * looks like it. Always whole tags: the cheap look reads serializer output, where a `<` in text
 * is escaped (`<x</style>` is an element with a style attribute to a parser, and to no look).
 */
const piece = fc.constantFrom(
  '<script type="application/ld+json">', '{"@type":"Thing"}', '</script>', '<script type="module" src="/assets/a.js"></script>',
  '<script src="/a.js" defer=""></script>', '<script src="/a.js">x()</script>', '<script>', 'go()', '<SCRIPT>', '<style>', 'b{}', '</style>',
  '<p style="color:red">', '<p data-style="x">', '<div onclick="x()">', '<div on="x">', '<a href="javascript:x()">', '<a href="/javascript:">',
  ' style = "a"', 'style=', ' onload=', 'JavaScript:', '<p>', '</p>', 'text', ' ', '&lt;', '"', '<script type="application/ld+json">{"u":"javascript:x"}</script>',
  '<template><script>t()</script></template>', '<svg><style>s{}</style></svg>', '<!-- <script>c()</script> -->',
  // Inline code on an external script's own tag.
  '<script src="/a.js" onload="x()"></script>', '<script onerror="x()" src="/a.js"></script>', '<script src="/a.js" style="a"></script>',
  '<script src="javascript:x()"></script>', '<script src=" JavaScript:x()"></script>', '<script src="https://cdn.example/a.js"></script>',
);
const html = fc.array(piece, { maxLength: 25 }).map((parts) => `<!DOCTYPE html><html><head><title>t</title></head><body>${parts.join('')}</body></html>`);

it('finds the same inline code whether or not pages first pass the cheap look', () => {
  fc.assert(
    fc.property(html, (contents) => {
      const page = [{ path: 'index.html', contents }];
      expect(findInlineCode(page)).toEqual(findInlineCode(page, true));
    }),
    settings(2000),
  );
});
