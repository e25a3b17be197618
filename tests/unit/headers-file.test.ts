import { describe, expect, it } from 'vitest';
import { formatHeadersFile, headersForPath, parseHeadersFile, type HeaderRule } from '../../src/security/headers-file.ts';
import { CACHE_CONTROL, cacheRules } from '../../src/security/headers.ts';

describe('the _headers file', () => {
  const rules: HeaderRule[] = [
    {
      pattern: '/*',
      headers: [
        ['X-Frame-Options', 'DENY'],
        ['Content-Security-Policy', "default-src 'none'"],
      ],
    },
    { pattern: '/assets/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']] },
    { pattern: '/blog/:slug/feed', headers: [['Cache-Control', 'no-cache']] },
  ];

  it('is written as path lines followed by indented "Name: value" lines, under a comment', () => {
    expect(formatHeadersFile(rules.slice(0, 2), 'Made by a test.')).toBe(
      "# Made by a test.\n\n/*\n  X-Frame-Options: DENY\n  Content-Security-Policy: default-src 'none'\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n",
    );
  });

  it('reads back what it writes', () => {
    expect(parseHeadersFile(formatHeadersFile(rules, 'A comment\non two lines'))).toEqual(rules);
  });

  it('names the line of a header outside any path block', () => {
    expect(() => parseHeadersFile('# top\n  X-Frame-Options: DENY\n')).toThrow('_headers:2: expected "Name: value" under a path');
    expect(() => parseHeadersFile('/*\n  no colon here\n')).toThrow('_headers:2');
  });

  it.each([
    ['/', ['x-frame-options', 'content-security-policy']],
    ['/about/company', ['x-frame-options', 'content-security-policy']],
    ['/assets/client-AB12.js', ['x-frame-options', 'content-security-policy', 'cache-control']],
    ['/blog/hello/feed', ['x-frame-options', 'content-security-policy', 'cache-control']],
    ['/blog/hello/there/feed', ['x-frame-options', 'content-security-policy']],
    ['/assetsX/a.js', ['x-frame-options', 'content-security-policy']],
  ])('applies every matching block to %s (* spans folders, :name one segment)', (pathname, names) => {
    expect([...headersForPath(rules, pathname).keys()]).toEqual(names);
  });

  it('joins the values of a header that two matching blocks name, as hosts do', () => {
    const doubled: HeaderRule[] = [...rules, { pattern: '/assets/*', headers: [['Cache-Control', 'no-transform']] }];
    expect(headersForPath(doubled, '/assets/a.js').get('cache-control')).toBe('public, max-age=31536000, immutable, no-transform');
  });
});

describe('cacheRules', () => {
  const files = [
    'index.html',
    '404.html',
    'favicon.svg',
    'robots.txt',
    'sitemap.xml',
    'assets/client-AB12.js',
    'assets/base-CD34.css',
    'assets/chunks/island-EF56.js',
    'about/company/index.html',
    'about/team/index.html',
    'about/team/ada/index.html',
    'blogs/index.html',
    'blogs/rss.xml',
    'blogs/first-post/index.html',
    'images/team/ada.svg',
    'mixed/index.html',
    'mixed/photo.png',
    'mixed/deeper/index.html',
  ];
  const hashed = new Set(files.filter((file) => file.startsWith('assets/')));
  const rules = cacheRules(files, hashed);

  /** The URLs a host answers with a file: pages at their clean URL (with and without a slash) and as files. */
  const urlsOf = (file: string) =>
    file.endsWith('index.html')
      ? [`/${file.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1'), `/${file.slice(0, -'index.html'.length)}`, `/${file}`]
      : [`/${file}`];

  it.each(files)('gives %s exactly one Cache-Control, by its kind', (file) => {
    const expected = hashed.has(file)
      ? CACHE_CONTROL.immutable
      : /\.(html|xml|txt)$/.test(file)
        ? CACHE_CONTROL.revalidate
        : CACHE_CONTROL.static;
    for (const url of urlsOf(file)) expect(headersForPath(rules, url).get('cache-control'), url).toBe(expected);
  });

  it('covers folders of one kind with one rule instead of a rule per file', () => {
    const patterns = rules.map((rule) => rule.pattern);
    expect(patterns).toContain('/assets/*');
    expect(patterns).toContain('/about/*');
    expect(patterns).toContain('/images/*');
    expect(patterns.filter((pattern) => pattern.startsWith('/assets/'))).toEqual(['/assets/*']);
    expect(patterns).toContain('/mixed/photo.png');
    expect(rules.length).toBeLessThan(files.length + 6);
  });

  it('leaves unknown paths to the host (no Cache-Control rule matches)', () => {
    expect(headersForPath(rules, '/nowhere').has('cache-control')).toBe(false);
  });
});
