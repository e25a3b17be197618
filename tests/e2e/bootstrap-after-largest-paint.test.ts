import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BOOTSTRAP } from '../../src/render/client-bootstrap.ts';
import { hasBrowser } from './browser.ts';
import { useBrowser } from './helpers.ts';

/**
 * The bootstrap fetches the client entry once the page's priority image has been painted, not
 * merely once the page has loaded: on a busy phone the frame after the load event can come before
 * that image is painted, and an entry fetched then competed with the page's largest paint
 * (Lighthouse counted its download in the LCP: docs/performance-history.md, "The favicon and the
 * client entry"). Here the image is shown 400 ms after the load event, which the bootstrap cannot
 * tell from a slow paint; the entry records when it ran.
 */
const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title></head><body>
<p>Some text</p>
<img src="/cover.svg" fetchpriority="high" width="300" height="200" alt="" style="display:none">
<script>addEventListener('load', () => setTimeout(() => { document.querySelector('img').style.display = 'block'; }, 400));</script>
<script type="module" data-entry="/entry.js">${CLIENT_BOOTSTRAP}</script>
</body></html>`;
// Drawn at 300 × 200 px from 6 KB: Chrome passes over images of less than 0.05 bits a pixel as the largest paint.
const COVER = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><!-- ${'x'.repeat(6000)} --><rect width="300" height="200" fill="#0f766e"/></svg>`;

describe.skipIf(!hasBrowser)('the client bootstrap', () => {
  const browser = useBrowser();
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const [type, body] =
        request.url === '/entry.js'
          ? ['text/javascript', 'globalThis.entryRanAt = performance.now();']
          : request.url === '/cover.svg'
            ? ['image/svg+xml', COVER]
            : ['text/html', PAGE];
      response.writeHead(200, { 'content-type': type });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches the entry after the priority image is reported as the largest paint', async () => {
    const page = await browser().newPage({ viewport: { width: 1024, height: 800 } });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'entryRanAt' in globalThis, undefined, { timeout: 5000 });
    const { entryRanAt, imagePaintedAt } = await page.evaluate(
      () =>
        new Promise<{ entryRanAt: number; imagePaintedAt: number }>((resolve) => {
          new PerformanceObserver((list) => {
            const image = list.getEntries().find((entry) => (entry as PerformanceEntry & { element?: Element }).element?.tagName === 'IMG');
            if (image)
              resolve({ entryRanAt: (globalThis as unknown as { entryRanAt: number }).entryRanAt, imagePaintedAt: image.startTime });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(entryRanAt).toBeGreaterThan(imagePaintedAt);
    await page.close();
  });
});
