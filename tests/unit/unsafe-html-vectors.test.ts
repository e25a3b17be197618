import { describe, expect, it } from 'vitest';
import { renderContentMarkdown } from '../../src/render/markdown.ts';

/** `line  field  [code]` of each finding in a body that starts on line 5 of its file. */
const findings = (body: string) =>
  renderContentMarkdown(body, { file: '/content/x.md', bodyLine: 5 }).diagnostics.map((d) => `${d.line}  ${d.field}  [${d.code}]`);

describe('javascript: in raw HTML that the sanitizer would drop without a word', () => {
  it.each([
    [
      'a meta refresh',
      'Text.\n\n<meta http-equiv="refresh" content="0; URL=\'javascript:alert(1)\'">',
      ['7  <meta content>  [unsafe-url]'],
    ],
    [
      'an animation value',
      'Text.\n\n<svg><a><animate attributeName="href" values="https://example.org;javascript:alert(1)"/><text>x</text></a></svg>',
      ['7  <animate values>  [unsafe-url]'],
    ],
    [
      'an animation target',
      'Text.\n\n<svg><a><set attributeName="href" to="javascript:alert(1)"/></a></svg>',
      ['7  <set to>  [unsafe-url]'],
    ],
    [
      'an iframe document',
      'Text.\n\n<iframe srcdoc="&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;"></iframe>',
      ['7  <iframe srcdoc>  [unsafe-content]'],
    ],
    [
      'a script in an iframe document',
      'Text.\n\n<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      ['7  <iframe srcdoc>  [unsafe-content]'],
    ],
    [
      'a handler in an iframe document',
      'Text.\n\n<iframe srcdoc="<img src=x onerror=alert(1)>"></iframe>',
      ['7  <iframe srcdoc>  [unsafe-content]'],
    ],
  ])('reports %s at its line', (_, body, expected) => {
    expect(findings(body)).toEqual(expected);
  });

  it('passes the same elements when they run nothing', () => {
    expect(
      findings(
        '<meta http-equiv="refresh" content="5; url=/about">\n\n<svg><animate attributeName="opacity" values="0;1"/></svg>\n\n<iframe srcdoc="<p>Hello</p>"></iframe>',
      ),
    ).toEqual([]);
  });
});
