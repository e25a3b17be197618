import { describe, expect, it } from 'vitest';
import { outputKey, parseRange, serveBuild } from '../../src/serve/response.ts';

describe('outputKey', () => {
  it.each([
    ['/', ''],
    ['/about/company', 'about/company'],
    ['/about/company/', 'about/company'],
    ['/images/a%20b.svg', 'images/a b.svg'],
    ['/a?x=1#y', 'a'],
    // The URL parser resolves dot segments, encoded or not, without ever climbing above the root.
    ['/../package.json', 'package.json'],
    ['/%2e%2e/%2E%2E/package.json', 'package.json'],
    // Decoded once: a doubly encoded dot segment stays a literal name no build has.
    ['/%252e%252e/package.json', '%2e%2e/package.json'],
    ['http://evil.example/../../etc/passwd', 'etc/passwd'],
  ])('maps %s to %j', (url, key) => {
    expect(outputKey(url)).toBe(key);
  });

  it.each(['/..%2fpackage.json', '/images/..%2f..%2fpackage.json', '/%5c..%5cpackage.json', '/a%5cb', '/%00', '/a%00b', '/%E0%A4%A', '/%'])(
    'refuses %s',
    (url) => {
      expect(outputKey(url)).toBeUndefined();
    },
  );
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=900-', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=990-2000', 1000, { start: 990, end: 999 }],
    ['bytes=0-0', 1, { start: 0, end: 0 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=5000-6000', 1000, 'unsatisfiable'],
    ['bytes=-0', 1000, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    [undefined, 1000, undefined],
    ['bytes=0-1,5-9', 1000, undefined],
    ['items=0-9', 1000, undefined],
    ['bytes=9-0', 1000, undefined],
    ['bytes=-', 1000, undefined],
    ['bytes=a-b', 1000, undefined],
  ])('reads %j of a %i-byte file as %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('serveBuild', () => {
  const files = new Map<string, Uint8Array>([
    ['index.html', Buffer.from('<html><head><title>t</title></head><body></body></html>')],
    ['a.css', Buffer.from('body{}')],
    ['_headers', Buffer.from('/*\n  X-Frame-Options: DENY\n')],
  ]);

  it('reads _headers into rules and never serves the file itself', () => {
    const served = serveBuild(files);
    expect(served.rules).toEqual([{ pattern: '/*', headers: [['X-Frame-Options', 'DENY']] }]);
    expect([...served.files.keys()]).toEqual(['index.html', 'a.css']);
  });

  it('adds the head suffix to pages only', () => {
    const served = serveBuild(files, '<script type="module" src="/x.js"></script>');
    expect(Buffer.from(served.files.get('index.html')!).toString()).toContain('<script type="module" src="/x.js"></script></head>');
    expect(Buffer.from(served.files.get('a.css')!).toString()).toBe('body{}');
  });
});
