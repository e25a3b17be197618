/**
 * Lean pages (issue 7): budgets over every page of the real site, built once with the CLI.
 *
 * What is counted, all in gzip bytes at zlib's default level (what hosts compress with on the fly):
 * - JavaScript a page loads first: the entry its `<script type=module>` names and what that imports
 *   statically, before any island hydrates (the startup modules are inside the entry). React stays
 *   out of it (issue 16): the islands' runtime and components are one chunk, loaded on demand.
 * - JavaScript a page can load at most: the entry, and every chunk it may import (the islands'
 *   chunk with React 19 in it). scripts/measure-pages.ts reads the import graph of the built
 *   files with esbuild.
 * - First paint: the HTML from its first byte through the end of the block holding the page's
 *   `<h1>` (head, skip link, site header with its island props, breadcrumbs, the hero), plus every
 *   render-blocking stylesheet in full. Fonts are not counted: they swap in (font-display: swap)
 *   and do not hold up the paint. 14 KB is the first round trip of a new connection (TCP's
 *   initial window of 10 segments of ~1,460 bytes); 14 × 1024 is a little under it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { startCompressingProxy } from '../../scripts/check/compressing-proxy.ts';
import { gzipSize, inspectHtml, measurePages } from '../../scripts/measure-pages.ts';
import { chooseTemplatePages } from '../../scripts/template-pages.ts';
import { serveStatic } from '../e2e/static-server.ts';

const KB = 1024;
/** Before any island hydrates: the entry (navigation, hydration scheduling, startup modules). */
const FIRST_JS_BUDGET = 8 * KB;
/** At most: React 19's client runtime is about 67 KB of it. */
const JS_BUDGET = 90 * KB;
const FIRST_ROUND_TRIP = 14 * KB;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-budgets-'));
const dist = path.join(work, 'dist');
const built = spawnSync(path.resolve('bin/site'), ['build', '--out', dist], { encoding: 'utf8' });
if (built.status !== 0) throw new Error(`site build failed:\n${built.stdout}${built.stderr}`);
const pages = await measurePages(dist);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const gzipOfFile = (url: string) => gzipSize(fs.readFileSync(path.join(dist, url)));
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
/** Lists what breaks a budget, one page a line, so a failure names the pages and what they load. */
const report = (offenders: string[]) => (offenders.length ? `\n${offenders.join('\n')}` : '');

describe('every page of the real site', () => {
  it('was measured: all built HTML pages, each with the client entry and its islands', () => {
    const htmlFiles = fs.readdirSync(dist, { recursive: true }).filter((file) => String(file).endsWith('.html'));
    expect(pages.length).toBe(htmlFiles.length);
    for (const page of pages) {
      expect(page.js.files.length, page.path).toBeGreaterThan(0);
      expect(page.islands.length, page.path).toBeGreaterThan(0);
    }
  });

  it(`loads at most ${FIRST_JS_BUDGET / KB} KB of JavaScript (gzip) before any island hydrates, with no React in it`, () => {
    const offenders = pages
      .filter((page) => page.jsInitial.bytes > FIRST_JS_BUDGET || page.jsInitial.files.some((url) => url.includes('/islands-')))
      .map(
        (page) => `${page.path}: ${kb(page.jsInitial.bytes)} in ${page.jsInitial.files.length} files (${page.jsInitial.files.join(', ')})`,
      );
    expect(offenders, report(offenders)).toEqual([]);
  });

  it('can load the islands’ chunk, where React is, on every page with an island', () => {
    for (const page of pages) {
      const chunks = page.js.files.filter((url) => !page.jsInitial.files.includes(url));
      expect(chunks, page.path).toEqual([expect.stringMatching(/^\/assets\/chunks\/islands-[A-Z0-9]+\.js$/)]);
    }
  });

  it(`loads at most ${JS_BUDGET / KB} KB of JavaScript (gzip) in all`, () => {
    const offenders = pages
      .map((page) => ({ page, total: page.js.files.reduce((sum, url) => sum + gzipOfFile(url), 0) }))
      .filter(({ total }) => total > JS_BUDGET)
      .map(({ page, total }) => `${page.path}: ${kb(total)} in ${page.js.files.length} files (${page.js.files.join(', ')})`);
    expect(offenders, report(offenders)).toEqual([]);
  });

  it(`sends the HTML and CSS that paint the top of the page in the first ${FIRST_ROUND_TRIP / KB} KB round trip`, () => {
    const offenders: string[] = [];
    for (const page of pages) {
      const html = fs.readFileSync(path.join(dist, page.file), 'utf8');
      const facts = inspectHtml(html);
      const top = gzipSize(html.slice(0, facts.topOfPage?.end ?? html.length));
      const css = facts.stylesheets.reduce((sum, url) => sum + gzipOfFile(url), 0);
      if (top + css > FIRST_ROUND_TRIP)
        offenders.push(
          `${page.path}: ${kb(top)} of HTML through ${facts.topOfPage?.block ?? 'the end'} + ${kb(css)} of CSS (${facts.stylesheets.join(', ')}) = ${kb(top + css)}`,
        );
    }
    expect(offenders, report(offenders)).toEqual([]);
  });

  it('has no render-blocking script', () => {
    const offenders = pages.filter((page) => page.blockingScripts.length).map((page) => `${page.path}: ${page.blockingScripts.join(', ')}`);
    expect(offenders, report(offenders)).toEqual([]);
  });

  it('gives every <img> a width and a height, so nothing moves as images arrive', () => {
    const offenders = pages.filter((page) => page.unsizedImages.length).map((page) => `${page.path}: ${page.unsizedImages.join(', ')}`);
    expect(offenders, report(offenders)).toEqual([]);
  });
});

/**
 * Under Lighthouse's simulation (slow 4G, HTTP/1.1 from the checks' server) a document whose bytes
 * on the wire, response headers included, pass TCP's first window of 10 × 1,460 bytes takes a
 * round trip more, about 0.15 s of LCP (docs/performance-history.md, "The favicon and the client
 * entry"). The listing's 60 cards are past it by far (see LCP_BUDGET_MS in scripts/check/lighthouse.ts).
 */
const FIRST_WINDOW = 10 * 1460;
describe('the page of each template, as the Lighthouse gate receives it', () => {
  it(`comes in the first round trip, ${FIRST_WINDOW} bytes with its headers, but for the listing`, async () => {
    const server = await serveStatic(dist);
    const proxy = await startCompressingProxy(server.url);
    try {
      const offenders: string[] = [];
      for (const { template, page } of await chooseTemplatePages(dist)) {
        if (template === 'list') continue;
        const { head, body } = await new Promise<{ head: number; body: number }>((resolve, reject) => {
          http
            .get(proxy.url + page, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
              // The status line, each header line, the blank line, and the chunked framing (about 20 bytes).
              let head = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n\r\n`.length + 20;
              for (let i = 0; i < response.rawHeaders.length; i += 2)
                head += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
              let body = 0;
              response.on('data', (chunk: Buffer) => (body += chunk.length));
              response.on('end', () => resolve({ head, body }));
            })
            .on('error', reject);
        });
        if (head + body > FIRST_WINDOW) offenders.push(`${template} ${page}: ${head} bytes of headers + ${body} of gzip HTML`);
      }
      expect(offenders, report(offenders)).toEqual([]);
    } finally {
      await proxy.close();
      await server.close();
    }
  });

  it('carries its icon inline, so the browser fetches no icon beside the largest image, and the policy allows it', () => {
    const offenders = pages
      .map((page) => ({ page, html: fs.readFileSync(path.join(dist, page.file), 'utf8') }))
      .filter(({ html }) => !/<link rel="icon" href="data:image\/png;base64,[A-Za-z0-9+/=]+"/.test(html))
      .map(({ page }) => page.path);
    expect(offenders, report(offenders)).toEqual([]);
    expect(fs.readFileSync(path.join(dist, '_headers'), 'utf8')).toMatch(/Content-Security-Policy: [^\n]*img-src 'self' data:;/);
  });
});

describe('the measurement catches what the budgets are about', () => {
  const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'site-budgets-fixture-'));
  afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));
  const write = (file: string, contents: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    fs.writeFileSync(path.join(fixture, file), contents);
  };
  const gzipOfFixture = (file: string) => gzipSize(fs.readFileSync(path.join(fixture, file)));
  // Random bytes do not compress: this island chunk stays over 20 KB after gzip.
  const incompressible = (bytes: number) => `export const blob = "${randomBytes(bytes).toString('base64')}";`;

  it('counts an island chunk only where its island is, tells what loads first, and flags blocking scripts and unsized images', async () => {
    write(
      'assets/client-A.js',
      'import "/assets/chunks/shared-B.js";const islands={Heavy:()=>import("/assets/chunks/Heavy-C.js")};export{islands};',
    );
    write('assets/chunks/shared-B.js', 'export const shared = 1;');
    write('assets/chunks/Heavy-C.js', incompressible(30_000));
    write('assets/site.css', 'body{margin:0}');
    write('assets/legacy.js', 'window.legacy = true;');
    const head =
      '<head><link rel="stylesheet" href="/assets/site.css"><link rel="stylesheet" href="/assets/print.css" media="print"><script type="module" src="/assets/client-A.js"></script>';
    write(
      'index.html',
      `<!DOCTYPE html><html>${head}</head><body><section class="hero"><h1>Light</h1></section><img src="/a.png" width="10" height="10"></body></html>`,
    );
    write(
      'heavy/index.html',
      `<!DOCTYPE html><html>${head}<script src="/assets/legacy.js"></script><script>var inline = 1;</script><script type="application/ld+json">{}</script></head><body><h1>Heavy</h1><div data-island="Heavy"></div><img src="/b.png" width="10"></body></html>`,
    );
    write('assets/print.css', 'body{color:black}');
    const measured = await measurePages(fixture);
    const heavy = measured.find((p) => p.path === '/heavy')!;
    const light = measured.find((p) => p.path === '/')!;

    expect(light.js.files).toEqual(['/assets/client-A.js', '/assets/chunks/shared-B.js']);
    expect(heavy.js.files).toContain('/assets/chunks/Heavy-C.js');
    // A lazily imported chunk is not loaded first.
    expect(heavy.jsInitial.files).toEqual(['/assets/client-A.js', '/assets/chunks/shared-B.js', '/assets/legacy.js']);
    expect(heavy.js.bytes).toBeGreaterThan(20 * KB);
    expect(light.js.bytes).toBeLessThan(20 * KB);
    // The print stylesheet does not hold up the paint.
    expect(light.css.files).toEqual(['/assets/site.css']);
    expect(light.top.block).toBe('section.hero');
    expect(light.firstPaint).toBe(light.top.html + gzipOfFixture('assets/site.css'));
    expect(heavy.blockingScripts).toEqual(['/assets/legacy.js', 'inline: var inline = 1;']);
    expect(light.blockingScripts).toEqual([]);
    expect(heavy.unsizedImages).toEqual(['/b.png']);
    expect(light.unsizedImages).toEqual([]);
  });

  it('fails loudly when a page names an island the entry does not register', async () => {
    write('assets/client-A.js', 'const islands={Known:()=>import("/assets/chunks/Known-D.js")};export{islands};');
    write('assets/chunks/Known-D.js', 'export default 1;');
    write('assets/site.css', 'body{margin:0}');
    write('assets/print.css', 'body{color:black}');
    fs.rmSync(path.join(fixture, 'heavy'), { recursive: true, force: true });
    write(
      'index.html',
      '<!DOCTYPE html><html><head><script type="module" src="/assets/client-A.js"></script></head><body><h1>x</h1><div data-island="Known"></div><div data-island="Unknown"></div></body></html>',
    );
    await expect(measurePages(fixture)).rejects.toThrow(/island "Unknown".*register no chunk/);
  });
});
