import { describe, expect, it } from 'vitest';
import { checkPageLinks, type LinkState } from '../../src/runner/reuse/link-reuse.ts';
import type { ScannedPage } from '../../src/render/page-scan.ts';
import type { Route } from '../../src/routes/routes.ts';

// Two pages: /a links to a section of /b and to another site.
const route = (url: string) =>
  ({
    url,
    outPath: `${url.slice(1)}/index.html`,
    template: 'page',
    noindex: false,
    entry: { url, file: `${url.slice(1)}.md` },
  }) as unknown as Route;
const routes = [route('/a'), route('/b')];
const files = routes.map((r) => ({ path: r.outPath, contents: '' }));
const scan = (links: string[], ids: string[]): ScannedPage => ({
  links: links.map((url) => ({ where: '<a href>', url })),
  ids: new Set(ids),
});
const pagesOf = (a: ScannedPage, b: ScannedPage) =>
  new Map([
    ['a/index.html', { analysis: { links: a } }],
    ['b/index.html', { analysis: { links: b } }],
  ]);
const check = (now: Map<string, { analysis: { links: ScannedPage } }>, previous?: { links?: LinkState; pages: typeof now }) =>
  checkPageLinks(
    files,
    routes,
    'https://site.example',
    { scans: () => new Map([...now].map(([path, page]) => [path, page.analysis.links])), state: { key: 'k', pages: now } },
    { previous: (key) => (key === 'k' ? previous : undefined) },
  );

describe('the link check of a build after another', () => {
  const a = scan(['/b#intro', 'https://other.example/'], ['top']);
  const b = scan(['/a'], ['intro']);
  const first = check(pagesOf(a, b));
  const previous = { links: first.state, pages: pagesOf(a, b) };

  it('takes the last report when every page has the links and ids it had, rendered again or not', () => {
    expect(first.diagnostics).toEqual([]);
    expect(first.external).toEqual([{ url: 'https://other.example/', count: 1, firstPage: '/a' }]);
    // /b rendered again (a new scan), its links and ids the same: nothing is scanned or resolved.
    const again = checkPageLinks(
      files,
      routes,
      'https://site.example',
      {
        scans: () => {
          throw new Error('checked every link again');
        },
        state: { key: 'k', pages: pagesOf(a, scan(['/a'], ['intro'])) },
      },
      { previous: () => previous },
    );
    expect(again.state).toBe(first.state);
    expect(again.external).toBe(first.state.external);
  });

  it('checks again when a page lost an id another page links to', () => {
    const lost = check(pagesOf(a, scan(['/a'], ['introduction'])), previous);
    expect(lost.diagnostics).toEqual([expect.objectContaining({ code: 'broken-anchor', file: 'a.md', actual: '"/b#intro"' })]);
  });

  it('checks again when a page links elsewhere, and counts its links to other sites', () => {
    const more = check(pagesOf(a, scan(['/a', 'https://other.example/', '/nowhere'], ['intro'])), previous);
    expect(more.diagnostics).toEqual([expect.objectContaining({ code: 'broken-link', file: 'b.md', actual: '"/nowhere"' })]);
    expect(more.external).toEqual([{ url: 'https://other.example/', count: 2, firstPage: '/a' }]);
  });

  it('checks again over other output paths, or after another kind of build', () => {
    const moved = checkPageLinks(
      [...files, { path: 'c.txt', contents: '' }],
      routes,
      'https://site.example',
      {
        scans: () =>
          new Map([
            ['a/index.html', a],
            ['b/index.html', scan(['/a'], [])],
          ]),
        state: { key: 'k', pages: pagesOf(a, scan(['/a'], ['intro'])) },
      },
      { previous: () => previous },
    );
    expect(moved.state).not.toBe(first.state);
    expect(moved.diagnostics).toEqual([expect.objectContaining({ code: 'broken-anchor' })]);
    expect(check(pagesOf(a, b), undefined).state).not.toBe(first.state);
  });
});
