import { describe, expect, it } from 'vitest';
import {
  folderOf,
  isRelative,
  normalizeUrlPath,
  pageUrl,
  resolveRelative,
  slugOf,
  urlForContentFile,
  urlToOutPath,
} from '../../src/core/urls.ts';
import { inStyle } from '../../src/client/location.ts';

describe('urlForContentFile', () => {
  it.each([
    ['index.md', '/', false],
    ['contact.md', '/contact', false],
    ['projects/lending-automation.md', '/projects/lending-automation', false],
    ['projects/_index.md', '/projects', true],
    ['about/team/_index.md', '/about/team', true],
    ['about/company.md', '/about/company', false],
    ['about/index.md', '/about', false],
    ['projects/_archive.md', '/projects/archive', true],
    // Names awkward in a URL are percent-encoded; a name of one or two dots is no dot segment.
    ['commands/%.md', '/commands/%25', false],
    ['commands/c#.md', '/commands/c%23', false],
    ['commands/what?.md', '/commands/what%3F', false],
    ['commands/..md', '/commands/%252E', false],
    ['commands/...md', '/commands/%252E%252E', false],
    ['commands/....md', '/commands/...', false],
    ['commands/%2E%2E.md', '/commands/%252E%252E', false],
    ['commands/[.md', '/commands/[', false],
  ])('%s → %s (list page: %s)', (relative, url, listPage) => {
    expect(urlForContentFile(relative)).toEqual({ url, listPage });
  });
});

describe('urlToOutPath', () => {
  it.each([
    ['/', 'index.html'],
    ['/contact', 'contact/index.html'],
    ['/about/team/', 'about/team/index.html'],
    ['//about//team', 'about/team/index.html'],
    ['/ErrorNotFound', 'ErrorNotFound/index.html'],
    ['/commands/%25', 'commands/%/index.html'],
    ['/commands/c%23', 'commands/c#/index.html'],
    ['/commands/what%3f', 'commands/what?/index.html'],
    ['/commands/%252E', 'commands/%2E/index.html'],
    ['/commands/%252E%252E', 'commands/%2E%2E/index.html'],
    ['/tags/a%20b', 'tags/a%20b/index.html'],
  ])('%s → %s', (url, out) => {
    expect(urlToOutPath(url)).toBe(out);
  });
});

describe('normalizeUrlPath and slugOf', () => {
  it.each([
    ['', '/'],
    ['a/b/', '/a/b'],
    ['/a//b', '/a/b'],
  ])('normalizes %j to %j', (input, output) => expect(normalizeUrlPath(input)).toBe(output));

  it('takes the last segment as the slug', () => {
    expect(slugOf('/about/team/marcus-adeyemi')).toBe('marcus-adeyemi');
    expect(slugOf('/')).toBe('');
  });
});

describe('page URLs in a trailing-slash style', () => {
  it.each([
    ['/blog', 'never', '/blog'],
    ['/blog/', 'never', '/blog'],
    ['/blog', 'always', '/blog/'],
    ['/blog/', 'always', '/blog/'],
    ['/', 'always', '/'],
    ['', 'always', '/'],
  ] as const)('%j with %s is %j', (url, style, styled) => expect(pageUrl(url, style)).toBe(styled));

  it('gives content files the style, and the same output path either way', () => {
    expect(urlForContentFile('posts/hello/index.md', 'always')).toEqual({ url: '/posts/hello/', listPage: false });
    expect(urlForContentFile('index.md', 'always')).toEqual({ url: '/', listPage: false });
    expect(urlToOutPath('/posts/hello/')).toBe(urlToOutPath('/posts/hello'));
  });

  it.each([
    ['/blog/', '/guides/', '/blog/'],
    ['/blog', '/guides/', '/blog/'],
    ['/blog/', '/guides', '/blog'],
    ['/', '/guides/', '/'],
  ])('usePathname writes %j in the style of %j: %j', (pathname, serverPath, expected) =>
    expect(inStyle(pathname, serverPath)).toBe(expected),
  );
});

describe('relative URLs of a content file', () => {
  it.each([
    ['posts/hello/index.md', '/posts/hello/'],
    ['posts/hello.md', '/posts/'],
    ['index.md', '/'],
  ])('the folder of %s is %s', (relative, folder) => expect(folderOf(relative)).toBe(folder));

  it.each([
    ['./diagram.png', '/posts/hello/', '/posts/hello/diagram.png'],
    ['diagram.png', '/posts/hello/', '/posts/hello/diagram.png'],
    ['../next#top', '/posts/hello/', '/posts/next#top'],
    ['../../../../x.png', '/posts/hello/', '/x.png'],
    ['a b.png?v=1', '/posts/', '/posts/a%20b.png?v=1'],
  ])('%s from %s is %s', (url, folder, resolved) => expect(resolveRelative(url, folder)).toBe(resolved));

  it.each([
    ['./a.png', true],
    ['a.png', true],
    ['../a', true],
    ['?q=1', true],
    ['/a.png', false],
    ['#top', false],
    ['https://example.com/a.png', false],
    ['//cdn.example/a.png', false],
    ['mailto:a@b.c', false],
    ['', false],
  ])('%j is relative: %s', (url, relative) => expect(isRelative(url)).toBe(relative));
});
