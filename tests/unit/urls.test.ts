import { describe, expect, it } from 'vitest';
import { normalizeUrlPath, slugOf, urlForContentFile, urlToOutPath } from '../../src/routes/urls.ts';

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
