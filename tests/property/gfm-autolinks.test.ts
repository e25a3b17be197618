import fc from 'fast-check';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { autolinkNeed, remarkAutolinksWhereNeeded } from '../../src/runner/fast-paths/gfm-autolinks.ts';
import { expectSameOnRandomMarkdown, siteAndCorpusBodies } from '../helpers/markdown-bodies.ts';
import { settings, timeoutFor } from './workspace.ts';

const full = unified().use(remarkParse).use(remarkGfm).freeze();
const guarded = unified().use(remarkParse).use(remarkGfm).use(remarkAutolinksWhereNeeded).freeze();

/** The syntax tree, positions and all, of full GFM and of GFM with the autolink guard; they must agree. */
function bothWays(body: string): [string, string] {
  return [JSON.stringify(full.parse(body)), JSON.stringify(guarded.parse(body))];
}

/** Words, punctuation and brackets around which autolink literals start, end or are refused. */
const piece = fc.constantFrom(
  'www.',
  'WWW.',
  'http://',
  'HTTPS://',
  'https://',
  'ww.',
  'http:/',
  'example.com',
  'a.b',
  '/path?q=1',
  '(',
  ')',
  '[',
  ']',
  '*',
  '_',
  '~',
  '`',
  '<',
  '>',
  '.',
  ',',
  ':',
  ';',
  '!',
  '?',
  '-',
  ' ',
  ' ',
  ' ',
  '\n',
  '\n\n',
  'word',
  'Data',
  'team',
  'x',
  '1',
  '#',
  '|',
  '\\',
  '&',
  '&amp;',
  '&#64;',
  '&#x77;',
  '&commat;',
  '@',
  'user',
  'mailto:',
  'xmpp:',
  '](',
  '[link](',
  '![img](',
  'h',
  'w',
  'W',
  'H',
);
const autolinkish = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('parsing each body without the autolink literals it cannot hold', () => {
  it('sorts bodies by what they could hold', () => {
    expect(autolinkNeed('Plain words and a [link](/services).')).toBe('none');
    expect(autolinkNeed('See www.example.com today.')).toBe('urls');
    expect(autolinkNeed('See HTTPS://example.com today.')).toBe('urls');
    expect(autolinkNeed('Mail hello@example.com.')).toBe('email');
    expect(autolinkNeed('Written &#64; as a reference.')).toBe('email');
    expect(autolinkNeed('Written &commat; as a reference.')).toBe('email');
  });

  it('gives the tree of full GFM on autolinks at the edges of what the guard decides', () => {
    const edges = [
      'www.example.com',
      'Www.example.com.',
      'wWw.a.b',
      'HTTP://a.b',
      'https://a.b/c?d=e)',
      'http://',
      'www.',
      'mailto:a@b.c',
      'xmpp:a@b.c/d',
      'a@b',
      'a@b.c_',
      '&#64;a.b',
      'a&#64;b.c',
      'a&commat;b.c',
      '&#x77;ww.a.b',
      '&#119;ww.a.b',
      '&amp;www.a.b',
      '[www.a.b](/x)',
      '<https://a.b>',
      '`www.a.b`',
      'a\\@b.c',
      'wwww.a.b',
      'xhttps://a.b',
      '~www.a.b~',
      '*https://a.b*',
      '(www.a.b)',
      'www.a.b\n\nplain',
      '',
    ];
    for (const body of edges) {
      const [expected, actual] = bothWays(body);
      expect(actual, body).toBe(expected);
    }
  });

  it('gives the tree of full GFM on generated autolink-like text', () => {
    fc.assert(
      fc.property(autolinkish, (body) => {
        const [expected, actual] = bothWays(body);
        expect(actual).toBe(expected);
      }),
      settings(2000),
    );
  });

  it(
    'gives the tree of full GFM on random Markdown',
    () => {
      expectSameOnRandomMarkdown(bothWays, 100);
    },
    // 17 s on an idle machine, more than Vitest's default 30 s on a busy one.
    timeoutFor(100),
  );

  it('gives the tree of full GFM on every body of the site and the benchmark corpus', () => {
    const bodies = siteAndCorpusBodies();
    const needs = new Set(bodies.map((body) => autolinkNeed(body)));
    // Otherwise the comparison below would only ever run full GFM against itself.
    expect(needs.has('none') && needs.has('email')).toBe(true);
    for (const body of bodies) {
      const [expected, actual] = bothWays(body);
      expect(actual).toBe(expected);
    }
  });
});
