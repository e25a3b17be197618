import { describe, expect, it } from 'vitest';
import type { Route } from '../../src/routes/routes.ts';
import { headersForPath, parseHeadersFile } from '../../src/security/headers-file.ts';
import { HEADERS_FILE, planHeaders } from '../../src/security/headers-output.ts';
import { hashOf } from '../../src/security/inline-code.ts';
import type { OutputFile } from '../../src/output/write.ts';

const html = (body: string) =>
  `<!DOCTYPE html><html><head><title>t</title><script type="module" src="/assets/client-AB12.js"></script></head><body>${body}</body></html>`;
const hashed: OutputFile[] = [{ path: 'assets/client-AB12.js', contents: 'console.log(1)' }];
const output = (pages: Record<string, string>): OutputFile[] => [
  ...hashed,
  ...Object.entries(pages).map(([path, body]) => ({ path, contents: html(body) })),
  { path: 'images/a.svg', contents: '<svg/>' },
];

describe('planHeaders', () => {
  it('writes _headers with the security headers on every path and Cache-Control by kind of file', () => {
    const { file, diagnostics } = planHeaders(
      undefined,
      output({ 'index.html': '<h1>Home</h1>', 'about/index.html': '<h1>About</h1>' }),
      hashed,
    );
    expect(diagnostics).toEqual([]);
    expect(file?.path).toBe(HEADERS_FILE);
    const rules = parseHeadersFile(String(file!.contents));
    const page = headersForPath(rules, '/about');
    expect(page.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'self'; /);
    expect(page.get('cache-control')).toBe('no-cache');
    expect(headersForPath(rules, '/assets/client-AB12.js').get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headersForPath(rules, '/images/a.svg').get('x-content-type-options')).toBe('nosniff');
  });

  it('allows the inline scripts the pages hold by their hashes, and nothing else inline', () => {
    const { file } = planHeaders(undefined, output({ 'index.html': '<script>start()</script>' }), hashed);
    const csp = headersForPath(parseHeadersFile(String(file!.contents)), '/').get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' ${hashOf('start()')};`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('adds the sources the site declares', () => {
    const { file } = planHeaders({ csp: { 'img-src': ['https://img.example'] } }, output({ 'index.html': '' }), hashed);
    expect(String(file!.contents)).toContain("img-src 'self' https://img.example;");
  });

  it('fails the build on a style attribute, naming the page, its source file and the element', () => {
    const routes = [
      { url: '/about', outPath: 'about/index.html', template: 'page', entry: { file: '/site/content/about.md' }, noindex: false },
    ] as unknown as Route[];
    const { file, diagnostics } = planHeaders(
      undefined,
      output({ 'about/index.html': '<section class="hero" style="--x:1">Hi</section>' }),
      hashed,
      routes,
    );
    expect(file).toBeUndefined();
    expect(diagnostics).toMatchObject([
      {
        code: 'csp-blocked-inline',
        severity: 'error',
        file: '/site/content/about.md',
        message: expect.stringContaining('The page /about has <section class="hero"> with style="--x:1"'),
      },
    ]);
  });

  it("lets style attributes through when the site chose 'unsafe-inline' styles", () => {
    const { file, diagnostics } = planHeaders(
      { csp: { 'style-src': ["'unsafe-inline'"] } },
      output({ 'index.html': '<p style="color:red">x</p>' }),
      hashed,
    );
    expect(diagnostics).toEqual([]);
    expect(file).toBeDefined();
  });

  it('fails the build on an event handler even then', () => {
    const { diagnostics } = planHeaders(
      { csp: { 'style-src': ["'unsafe-inline'"] } },
      output({ 'index.html': '<p onclick="x()">x</p>' }),
      hashed,
    );
    expect(diagnostics.map((d) => d.code)).toEqual(['csp-blocked-inline']);
  });

  it("reports a site's additions that would weaken the policy as a diagnostic, not a crash", () => {
    const { file, diagnostics } = planHeaders({ csp: { 'script-src': ["'unsafe-inline'"] } }, output({ 'index.html': '' }), hashed);
    expect(file).toBeUndefined();
    expect(diagnostics).toMatchObject([
      { code: 'invalid-security', severity: 'error', field: 'security.csp', message: expect.stringContaining("'unsafe-inline'") },
    ]);
  });
});
