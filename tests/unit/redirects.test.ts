import { describe, expect, it } from 'vitest';
import { planRoutes } from '../../src/routes/routes.ts';
import { redirectFiles } from '../../src/seo/redirects.ts';
import { makeEntry } from '../helpers/entries.ts';

const routes = planRoutes([makeEntry('pages', '/'), makeEntry('pages', '/about'), makeEntry('pages', '/about/team')], '/404');
const context = { url: (path: string) => `https://o.example${path}` };
const plan = (redirects: Record<string, string>, output: Array<{ path: string; contents: string }> = []) =>
  redirectFiles({ redirects, lang: 'en', locate: (at) => ({ file: '/site/site.config.tsx', line: at.length }) }, routes, output, context);
const text = (files: ReturnType<typeof plan>['files'], path: string) => String(files.find((file) => file.path === path)?.contents);

describe('redirectFiles', () => {
  it('writes nothing for a site without redirects', () => {
    expect(redirectFiles({ lang: 'en' }, routes, [], context)).toEqual({ files: [], diagnostics: [] });
  });

  it('writes _redirects, from to 301, and a page at each old path', () => {
    const { files, diagnostics } = plan({ '/team/': '/about/team', '/about-us.html': '/about#history' });
    expect(diagnostics).toEqual([]);
    expect(files.map((file) => file.path)).toEqual(['_redirects', 'team/index.html', 'about-us.html']);
    expect(
      text(files, '_redirects')
        .split('\n')
        .filter((line) => !line.startsWith('#')),
    ).toEqual(['/team /about/team 301', '/about-us.html /about#history 301', '']);
  });

  it('sends the visitor on with a meta refresh, a canonical link and a link, and no script', () => {
    const page = text(plan({ '/team': '/about/team' }).files, 'team/index.html');
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/about/team">');
    expect(page).toContain('<link rel="canonical" href="https://o.example/about/team">');
    expect(page).toContain('<a href="/about/team">/about/team</a>');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).not.toMatch(/<script|style=/);
  });

  it('fails on a redirect whose target is no page of the build, with a did-you-mean', () => {
    const { files, diagnostics } = plan({ '/team': '/about/teem' });
    expect(files).toEqual([]);
    expect(diagnostics).toMatchObject([
      {
        code: 'invalid-redirect',
        severity: 'error',
        file: '/site/site.config.tsx',
        field: 'redirects["/team"]',
        message: 'leads to /about/teem, which is no page of the build',
        hint: 'did you mean "/about/team"?',
      },
    ]);
  });

  it('fails on a redirect whose source is a page or a file of the build', () => {
    const { diagnostics } = plan({ '/about': '/about/team', '/logo.html': '/' }, [{ path: 'logo.html', contents: '' }]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'starts from /about, which the build already has: the redirect would replace it',
      'starts from /logo.html, which the build already has: the redirect would replace it',
    ]);
  });

  it('fails on a source or target that is no plain path', () => {
    const { diagnostics } = plan({ '/old/*': '/about', '/x': '/about?tab=1' });
    expect(diagnostics.map((d) => d.message)).toEqual(['starts from no plain path', 'leads to no plain path']);
  });
});
