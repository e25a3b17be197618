import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { modes, useBrowser } from './helpers.ts';

/**
 * The logo is drawn inside the HTML of every page (header and footer), so a first visit fetches no
 * file for it, and it is drawn at its size with JavaScript off as well as on.
 */
describe.skipIf(!hasBrowser)('the logo', () => {
  const browser = useBrowser();

  it.each(modes())('comes with the HTML (%s): no request for it, and drawn in the header and the footer', async (_mode, base) => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const imageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') imageRequests.push(new URL(request.url()).pathname);
    });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    const logos = await page.$$eval('.brand svg', (svgs) =>
      svgs.map((svg) => svg.getBoundingClientRect()).map(({ width, height }) => ({ width, height })),
    );
    expect(logos).toHaveLength(2);
    for (const logo of logos) {
      expect(logo.width).toBeGreaterThanOrEqual(32);
      expect(logo.height).toBe(logo.width);
    }
    expect(imageRequests).not.toContain('/images/logo.svg');
    expect(imageRequests.length).toBeGreaterThan(0);
    await context.close();
  });
});
