import fc from 'fast-check';
import { expect, it } from 'vitest';
import { scanHtml } from '../../src/runner/fast-paths/html-scan.ts';
import { renderContentMarkdown, renderMarkdown } from '../../src/render/markdown.ts';
import { unsafeUrlScheme } from '../../src/safety/unsafe-url.ts';
import { markdownBody } from './arbitraries.ts';
import { settings } from './workspace.ts';

/** `javascript:` as a browser would still read it: any case, tabs and newlines inside, spaces and control characters before. */
const disguisedScheme = fc
  .tuple(
    fc.constantFrom('javascript', 'vbscript'),
    fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
    fc.array(fc.constantFrom('', '', '', '\t', '\n', '&#x09;', '&Tab;'), { minLength: 10, maxLength: 10 }),
    fc.constantFrom('', ' ', '  ', '\u0001', '&#x20;'),
    fc.constantFrom(':', '&#58;', '&#x3a;', '&colon;'),
    fc.nat(4),
  )
  .map(([word, upper, gaps, lead, colon, encodeAt]) => {
    const letters = [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).map((c, i) => (i === encodeAt ? `&#${c.charCodeAt(0)};` : c));
    return `${lead}${letters.map((c, i) => c + (gaps[i] ?? '')).join('')}${colon}alert(1)`;
  });

it('whatever the Markdown, the sanitized HTML holds no script, no event handler and no URL that runs code', () => {
  fc.assert(
    fc.property(markdownBody, (body) => {
      let html: string;
      try {
        html = renderMarkdown(body);
      } catch (error) {
        // Only nesting deep enough to exhaust the stack may stop the renderer (and is reported as such in a build).
        expect(error).toBeInstanceOf(RangeError);
        return;
      }
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      for (const link of scanHtml(html).links) expect(unsafeUrlScheme(link.url), link.url).toBeUndefined();
    }),
    settings(150),
  );
}, 120_000);

it('every disguise of a code-running URL is reported at its line, in raw HTML and in Markdown links', () => {
  fc.assert(
    fc.property(disguisedScheme, fc.nat(5), fc.constantFrom('raw', 'markdown'), (url, padding, form) => {
      const markdownSafe = !/[\s\u0001]/.test(url.replace(/^ +/, ''));
      const written = form === 'raw' || !markdownSafe ? `<a href="${url.replace(/"/g, '&quot;')}">x</a>` : `[x](${url})`;
      const { diagnostics } = renderContentMarkdown(`${'para\n\n'.repeat(padding)}${written}\n`, { file: '/x.md', bodyLine: 10 });
      expect(diagnostics.map((d) => [d.code, d.line])).toEqual([['unsafe-url', 10 + padding * 2]]);
    }),
    settings(300),
  );
});
