import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/links/check-links.ts';
import type { ScannedPage } from '../../src/render/page-scan.ts';
import type { Route } from '../../src/routes/routes.ts';

/**
 * The link check asks for the scans of the build's pages one at a time, as it checks each page
 * (`Pages.scans` of `runner/render-pages.ts` makes each anew from its stored form), rather than
 * copying them all into a map of its own: at 40 locales × 1,000 pages they are 3.2 million link objects.
 */
describe('checkLinks over pages scanned already', () => {
  const route = (url: string, outPath: string) =>
    ({
      url,
      outPath,
      template: 'page',
      noindex: false,
      entry: { url, file: '', relative: '', body: '', bodyLine: 1, data: {} },
    }) as unknown as Route;
  const routes = [route('/', 'index.html'), route('/a/', 'a/index.html')];
  const files = routes.map((r) => ({ path: r.outPath, contents: '' }));
  const scans: Record<string, () => ScannedPage> = {
    'index.html': () => ({ ids: new Set(['top-of-home']), links: [{ where: '<a href>', url: '/a/#part' }] }),
    'a/index.html': () => ({ ids: new Set(['part']), links: [{ where: '<a href>', url: '/#nowhere' }] }),
  };

  it('takes them from a lookup that makes each as it is asked for, and finds the same problems', () => {
    const asked: string[] = [];
    const lookup = {
      get(outPath: string) {
        asked.push(outPath);
        return scans[outPath]?.();
      },
    };
    const report = checkLinks(files, routes, 'https://o.example', lookup, [], { trailingSlash: 'always' });
    expect(report.diagnostics.map((d) => [d.code, d.actual])).toEqual([['broken-anchor', '"/#nowhere"']]);
    // Each page as it is checked, and a `#fragment`'s target once, kept after.
    expect(asked.sort()).toEqual(['a/index.html', 'index.html', 'index.html'].sort());
  });
});
