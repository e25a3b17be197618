import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autolinkNeed } from '../../src/render/gfm-autolinks.ts';
import { processorFor } from '../../src/render/markdown.ts';
import { expectSameOnRandomMarkdown, siteAndCorpusBodies } from '../helpers/markdown-bodies.ts';
import { settings } from './workspace.ts';

/** The full GFM processor's HTML and the HTML of the processor the body is given; they must agree. */
function bothWays(body: string): [string, string] {
  const full = String(processorFor(body, 'email').processSync(body));
  return [full, String(processorFor(body).processSync(body))];
}

/** Words, punctuation and brackets around which autolink literals start, end or are refused. */
const piece = fc.constantFrom(
  'www.', 'WWW.', 'http://', 'HTTPS://', 'https://', 'ww.', 'http:/', 'example.com', 'a.b', '/path?q=1', '(', ')', '[', ']', '*', '_', '~', '`',
  '<', '>', '.', ',', ':', ';', '!', '?', '-', ' ', ' ', ' ', '\n', '\n\n', 'word', 'Data', 'team', 'x', '1', '#', '|', '\\', '&', '&amp;', '&#64;', '&#x77;',
  '&commat;', '@', 'user', 'mailto:', 'xmpp:', '](', '[link](', '![img](', 'h', 'w', 'W', 'H',
);
const autolinkish = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('skipping the autolink literals a body cannot hold', () => {
  it('sorts bodies by what they could hold', () => {
    expect(autolinkNeed('Plain words and a [link](/services).')).toBe('none');
    expect(autolinkNeed('See www.example.com today.')).toBe('urls');
    expect(autolinkNeed('See HTTPS://example.com today.')).toBe('urls');
    expect(autolinkNeed('Mail hello@example.com.')).toBe('email');
    expect(autolinkNeed('Written &#64; as a reference.')).toBe('email');
    expect(autolinkNeed('Written &commat; as a reference.')).toBe('email');
  });

  it('gives the same HTML as full GFM on generated autolink-like text', () => {
    fc.assert(
      fc.property(autolinkish, (body) => {
        const [full, chosen] = bothWays(body);
        expect(chosen).toBe(full);
      }),
      settings(2000),
    );
  });

  it('gives the same HTML as full GFM on random Markdown', () => {
    expectSameOnRandomMarkdown(bothWays, 100);
  });

  it('gives the same HTML as full GFM on every body of the site and the benchmark corpus', () => {
    const bodies = siteAndCorpusBodies();
    const needs = new Set(bodies.map((body) => autolinkNeed(body)));
    // Otherwise the comparison below would only ever run the full processor against itself.
    expect(needs.has('none') || needs.has('urls')).toBe(true);
    for (const body of bodies) {
      const [full, chosen] = bothWays(body);
      expect(chosen).toBe(full);
    }
  });
});
