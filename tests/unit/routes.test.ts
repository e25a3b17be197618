import { describe, expect, it } from 'vitest';
import { checkDuplicateUrls } from '../../src/content/duplicate-urls.ts';
import { planRoutes } from '../../src/routes/routes.ts';
import { makeEntry } from '../helpers/entries.ts';

describe('planRoutes', () => {
  it('makes one route per entry with clean output paths, plus 404.html from the not-found page', () => {
    const routes = planRoutes(
      [makeEntry('pages', '/'), makeEntry('pages', '/about/team'), makeEntry('pages', '/ErrorNotFound', { hidden: true })],
      '/ErrorNotFound',
    );
    expect(routes.map((r) => [r.url, r.outPath, r.noindex])).toEqual([
      ['/', 'index.html', false],
      ['/about/team', 'about/team/index.html', false],
      ['/ErrorNotFound', 'ErrorNotFound/index.html', true],
      ['/ErrorNotFound', '404.html', true],
    ]);
  });
});

describe('checkDuplicateUrls', () => {
  it('lists every file that claims the same URL', () => {
    const files = [
      { file: '/c/projects/acme.md', relative: 'projects/acme.md' },
      { file: '/c/projects/acme/index.md', relative: 'projects/acme/index.md' },
      { file: '/c/projects/other.md', relative: 'projects/other.md' },
    ];
    const diagnostics = checkDuplicateUrls(files);
    expect(diagnostics).toHaveLength(2);
    for (const d of diagnostics) {
      expect(d.code).toBe('duplicate-url');
      expect(d.expected).toBe('one file for the URL /projects/acme');
      expect(d.actual).toBe('content/projects/acme.md, content/projects/acme/index.md');
    }
  });

  it('shows the URL decoded, as the author named the file: a name of dots and its escape are one URL', () => {
    const diagnostics = checkDuplicateUrls([
      { file: '/a', relative: 'commands/..md' },
      { file: '/b', relative: 'commands/%2E.md' },
    ]);
    expect(diagnostics.map((d) => d.expected)).toEqual(['one file for the URL /commands/%2E', 'one file for the URL /commands/%2E']);
  });

  it('treats _index.md and index.md in one folder as a clash', () => {
    expect(
      checkDuplicateUrls([
        { file: '/a', relative: 'blogs/_index.md' },
        { file: '/b', relative: 'blogs/index.md' },
      ]),
    ).toHaveLength(2);
  });
});
