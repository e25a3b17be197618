import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ASTROWIND_BYTES,
  LCP_DEFAULT_BUDGET_MS,
  judge,
  lcpBudgetOf,
  startCompressingProxy,
  type PageScores,
} from '../../scripts/check/lighthouse.ts';

const perfect = { performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 };
const page = (overrides: Partial<PageScores> & { page: string }): PageScores => ({
  template: 'article',
  runs: 1,
  scores: perfect,
  metrics: { fcpMs: 700, lcpMs: 760, tbtMs: 0, cls: 0, totalBytes: 90_000, bodyBytes: 70_000 },
  bytesByType: {},
  requests: [{ url: '/assets/font.woff2', type: 'Font', bytes: 48_000 }],
  failing: [],
  ...overrides,
});
const eight = (edit: (index: number) => Partial<PageScores> = () => ({})) =>
  Array.from({ length: 8 }, (_, i) => page({ page: `/p${i}`, ...edit(i) }));

describe('the Lighthouse gate rules', () => {
  it('passes eight perfect, light pages', () => {
    expect(judge(eight(), { wholeSet: true })).toEqual([]);
  });

  it('names the page, the audit and its fix when accessibility is below 100', () => {
    const results = eight((i) =>
      i === 3
        ? {
            scores: { ...perfect, accessibility: 0.92 },
            failing: [
              {
                category: 'accessibility',
                id: 'image-alt',
                title: 'Image elements do not have [alt] attributes',
                description: 'Give every image alt text. [Learn how](https://dequeuniversity.com/rules/axe/image-alt).',
                items: ['main > img <img src="/x.svg">'],
              },
            ],
          }
        : {},
    );
    expect(judge(results, { wholeSet: true })).toEqual([
      {
        page: '/p3',
        rule: 'lighthouse/accessibility/image-alt',
        message: 'Image elements do not have [alt] attributes: main > img <img src="/x.svg">',
        fix: 'Give every image alt text. Learn how: https://dequeuniversity.com/rules/axe/image-alt.',
      },
    ]);
  });

  it('allows performance down to 95 on two pages, but not below 95, and wants six at 100', () => {
    expect(
      judge(
        eight((i) => (i < 2 ? { scores: { ...perfect, performance: 0.95 } } : {})),
        { wholeSet: true },
      ),
    ).toEqual([]);
    const belowFloor = judge(
      eight((i) => (i === 0 ? { scores: { ...perfect, performance: 0.94 } } : {})),
      { wholeSet: true },
    );
    expect(belowFloor.map((f) => [f.page, f.rule])).toEqual([['/p0', 'lighthouse/performance']]);
    const tooFewPerfect = judge(
      eight((i) => (i < 3 ? { scores: { ...perfect, performance: 0.98 } } : {})),
      { wholeSet: true },
    );
    expect(tooFewPerfect.map((f) => [f.page, f.rule])).toEqual([['(site)', 'lighthouse/performance']]);
    expect(tooFewPerfect[0]!.message).toContain('100 on 5 of 8');
    // With some templates not run, the six-at-100 rule cannot be judged.
    expect(
      judge(
        eight((i) => (i < 3 ? { scores: { ...perfect, performance: 0.98 } } : {})),
        { wholeSet: false },
      ),
    ).toEqual([]);
  });

  it("fails a page whose largest contentful paint is over its template's budget, 800 ms but for the listing", () => {
    const lcp = (lcpMs: number) => ({ fcpMs: 700, lcpMs, tbtMs: 0, cls: 0, totalBytes: 90_000, bodyBytes: 70_000 });
    expect(LCP_DEFAULT_BUDGET_MS).toBe(800);
    const results = [
      page({ page: '/', template: 'home', metrics: lcp(800) }),
      page({ page: '/blogs/x', template: 'article', metrics: lcp(904), lcpElement: 'img.article-cover' }),
      page({ page: '/projects', template: 'list', metrics: lcp(lcpBudgetOf('list')) }),
      page({ page: '/about/team/x', template: 'bio', metrics: lcp(801) }),
    ];
    const findings = judge(results, { wholeSet: false });
    expect(findings.map((f) => [f.page, f.rule])).toEqual([
      ['/blogs/x', 'lighthouse/largest-contentful-paint'],
      ['/about/team/x', 'lighthouse/largest-contentful-paint'],
    ]);
    expect(findings[0]!.message).toContain('904 ms');
    expect(findings[0]!.message).toContain('800 ms allowed to a page of the article template (img.article-cover)');
  });

  it("holds the home page to AstroWind's home and every other page to its article", () => {
    const metrics = (bodyBytes: number) => ({ fcpMs: 700, lcpMs: 760, tbtMs: 0, cls: 0, totalBytes: bodyBytes + 20_000, bodyBytes });
    const results = [
      page({ page: '/', template: 'home', metrics: metrics(ASTROWIND_BYTES.home - 1) }),
      page({ page: '/blogs/x', template: 'article', metrics: metrics(ASTROWIND_BYTES.other) }),
      page({ page: '/contact', template: 'contact', metrics: metrics(ASTROWIND_BYTES.other - 1) }),
    ];
    const findings = judge(results, { wholeSet: false });
    expect(findings.map((f) => [f.page, f.rule])).toEqual([['/blogs/x', 'lighthouse/total-byte-weight']]);
    expect(findings[0]!.message).toContain('/assets/font.woff2 46.9 KiB');
  });

  it("leaves the islands' chunk (React's runtime) out of the weight, and nothing else", () => {
    const metrics = (bodyBytes: number) => ({ fcpMs: 700, lcpMs: 760, tbtMs: 0, cls: 0, totalBytes: bodyBytes + 20_000, bodyBytes });
    const chunk = { url: '/assets/chunks/islands-ABC123.js', type: 'Script', bytes: 70_000 };
    const other = { url: '/assets/chunks/other-ABC123.js', type: 'Script', bytes: 70_000 };
    const results = [
      page({
        page: '/projects',
        template: 'list',
        metrics: metrics(ASTROWIND_BYTES.other - 1 + chunk.bytes),
        requests: [chunk, { url: '/projects', type: 'Document', bytes: 20_000 }],
      }),
      page({
        page: '/blogs/x',
        template: 'article',
        metrics: metrics(ASTROWIND_BYTES.other - 1 + other.bytes),
        requests: [other, { url: '/blogs/x', type: 'Document', bytes: 20_000 }],
      }),
    ];
    const findings = judge(results, { wholeSet: false });
    expect(findings.map((f) => [f.page, f.rule])).toEqual([['/blogs/x', 'lighthouse/total-byte-weight']]);
    expect(findings[0]!.message).toContain(
      `weighs ${((ASTROWIND_BYTES.other - 1 + other.bytes) / 1024).toFixed(1)} KiB besides the islands' chunk`,
    );
  });
});

describe('the compressing proxy in front of the static server', () => {
  const upstream = http.createServer((request, response) => {
    const body = request.url === '/logo.png' ? Buffer.alloc(4000, 7) : 'hello '.repeat(1000);
    response.writeHead(200, { 'content-type': request.url === '/logo.png' ? 'image/png' : 'text/html; charset=utf-8', 'x-kept': 'yes' });
    response.end(body);
  });
  const ready = new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it('gzips text for clients that accept it, passes the rest through, keeps headers, and counts body bytes', async () => {
    await ready;
    const proxy = await startCompressingProxy(`http://127.0.0.1:${(upstream.address() as { port: number }).port}`);
    try {
      const get = (path: string) =>
        new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          http
            .get(`${proxy.url}${path}`, { headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
            })
            .on('error', reject);
        });
      const html = await get('/page');
      expect(html.headers['content-encoding']).toBe('gzip');
      expect(html.headers['x-kept']).toBe('yes');
      expect(gunzipSync(html.body).toString()).toBe('hello '.repeat(1000));
      expect(proxy.bodyBytes.get('/page')).toBe(html.body.length);
      expect(html.body.length).toBeLessThan(200);
      const png = await get('/logo.png');
      expect(png.headers['content-encoding']).toBeUndefined();
      expect(proxy.bodyBytes.get('/logo.png')).toBe(4000);
    } finally {
      await proxy.close();
    }
  });
});
