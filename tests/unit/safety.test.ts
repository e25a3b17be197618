import { describe, expect, it } from 'vitest';
import { checkFileName } from '../../src/safety/file-names.ts';
import { MAX_NESTING, yamlNestingDepth } from '../../src/safety/nesting.ts';
import { decodeCharacterReferences, unsafeUrlScheme } from '../../src/safety/unsafe-url.ts';

describe('unsafeUrlScheme', () => {
  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['JaVaScRiPt:x', 'javascript:'],
    [' \u0001javascript:x', 'javascript:'],
    ['java\tscr\nipt:x', 'javascript:'],
    ['javascript:x\u0000 ', 'javascript:'],
    ['vbscript:msgbox', 'vbscript:'],
    ['data:text/html,<script>', 'data:text/html'],
    ['DATA: Text/HTML ;base64,x', 'data:text/html'],
    ['data:image/svg+xml,<svg onload=x>', 'data:image/svg+xml'],
  ])('%j runs code (%s)', (url, scheme) => expect(unsafeUrlScheme(url)).toBe(scheme));

  it.each([
    'https://example.org/javascript:x',
    '/javascript:x',
    './javascript:x',
    'java script:x',
    'javascript%3Ax',
    'mailto:a@b',
    'data:image/png;base64,iVBOR',
    'data:,plain text',
    '#javascript:x',
    '',
  ])('%j runs no code', (url) => expect(unsafeUrlScheme(url)).toBeUndefined());

  it('sees through character references once decoded', () => {
    expect(decodeCharacterReferences('jav&#x61;script&colon;x')).toBe('javascript:x');
    expect(decodeCharacterReferences('&#106&#97;va&Tab;script&#58;x')).toBe('java\tscript:x');
    expect(decodeCharacterReferences('&#0;&#xD800;&#x110000;&bogus;')).toBe('\uFFFD\uFFFD\uFFFD&bogus;');
  });
});

describe('checkFileName', () => {
  it.each(['projects/a\\b.md', 'projects/ lead.md', 'projects/trail .md', 'a /b.md', 'x\u0007.md'])(
    '%j cannot be reached by its URL',
    (relative) =>
      expect(checkFileName({ file: `/c/${relative}`, relative })).toMatchObject({
        code: 'invalid-file-name',
        line: 1,
        actual: JSON.stringify(relative),
      }),
  );
  it.each([
    'projects/a b.md',
    'projects/café.md',
    'blogs/日本.md',
    'a.b.c.md',
    '_index.md',
    "it's.md",
    // Percent-encoded in the URL (see urls.test.ts): the issue 44 corpus's `%.md`, `..md`, `[.md`.
    'commands/%.md',
    'commands/a#b.md',
    'commands/a?b.md',
    'commands/..md',
    'commands/...md',
    'commands/%2e%2e.md',
    'commands/[.md',
  ])('%j is fine', (relative) => {
    expect(checkFileName({ file: `/c/${relative}`, relative })).toBeUndefined();
  });
});

describe('yamlNestingDepth', () => {
  it.each([
    ['title: x', 1],
    ['a:\n  b:\n    c: 1\nd: 2', 3],
    ['tags: [a, [b, {c: d}]]', 4],
    ['- - - x', 4],
    ['a: "[[[[ in quotes"', 1],
    ["a: it's [x", 1],
    ['a: x # [[[[ a comment', 1],
  ])('%j nests %i deep', (text, depth) => expect(yamlNestingDepth(text)).toBe(depth));

  it('counts flow collections opened across lines', () => {
    expect(yamlNestingDepth(`a: ${'[\n'.repeat(MAX_NESTING + 5)}`)).toBeGreaterThan(MAX_NESTING);
  });
});
