import { describe, expect, it } from 'vitest';
import { pageUrl, paginate } from '../../src/routes/paginate.ts';

const letters = ['a', 'b', 'c', 'd', 'e'];

describe('paginate', () => {
  it("splits a list into pages: page 1 at the list's own URL, then /2, /3, with previous, next and the totals", () => {
    const pages = paginate(letters, { url: '/blog', perPage: 2 });
    expect(pages).toEqual([
      { items: ['a', 'b'], page: 1, pages: 3, total: 5, url: '/blog', next: '/blog/2', urls: ['/blog', '/blog/2', '/blog/3'] },
      {
        items: ['c', 'd'],
        page: 2,
        pages: 3,
        total: 5,
        url: '/blog/2',
        previous: '/blog',
        next: '/blog/3',
        urls: ['/blog', '/blog/2', '/blog/3'],
      },
      { items: ['e'], page: 3, pages: 3, total: 5, url: '/blog/3', previous: '/blog/2', urls: ['/blog', '/blog/2', '/blog/3'] },
    ]);
  });

  it('never makes a /blog/1', () => {
    expect(paginate(letters, { url: '/blog/', perPage: 1 }).map((page) => page.url)).toEqual([
      '/blog',
      '/blog/2',
      '/blog/3',
      '/blog/4',
      '/blog/5',
    ]);
  });

  it('gives an empty list its one page, and a list that fits one page no neighbours', () => {
    expect(paginate([], { url: '/blog', perPage: 10 })).toEqual([
      { items: [], page: 1, pages: 1, total: 0, url: '/blog', urls: ['/blog'] },
    ]);
    expect(paginate(letters, { url: '/blog', perPage: 5 })).toHaveLength(1);
  });

  it.each([[0], [-1], [1.5], [Number.NaN]])('refuses a perPage of %s', (perPage) => {
    expect(() => paginate(letters, { url: '/blog', perPage })).toThrow(/perPage must be a whole number of at least 1/);
  });

  it('refuses a URL that is not root-relative', () => {
    expect(() => paginate(letters, { url: 'blog', perPage: 2 })).toThrow(/url must be a root-relative path/);
  });

  it.each([
    ['/blog', 1, '/blog'],
    ['/blog', 2, '/blog/2'],
    ['/', 1, '/'],
    ['/', 3, '/3'],
  ])('pageUrl(%s, %i) is %s', (base, n, url) => {
    expect(pageUrl(base, n)).toBe(url);
  });
});
