import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { modes, useBrowser } from './helpers.ts';

/**
 * What a first visit to the home page fetches before it can paint its banner: the banner (an SVG
 * under the site's `images.inlineBelow`) and the logo arrive inside the HTML, so neither waits for a
 * request of its own, and both are drawn.
 */
describe.skipIf(!hasBrowser)('the home page’s first picture', () => {
  const browser = useBrowser();

  it.each(modes())('comes with the HTML (%s): no request for the banner or the logo, and both drawn', async (_mode, base) => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const imageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image' && !request.url().startsWith('data:')) imageRequests.push(new URL(request.url()).pathname);
    });
    await page.goto(`${base}/`);
    const banner = await page.$eval('img.hero-picture', (img: HTMLImageElement) => ({ scheme: img.src.slice(0, img.src.indexOf(',') + 1), drawn: img.complete && img.naturalWidth > 0 }));
    expect(banner).toEqual({ scheme: 'data:image/svg+xml,', drawn: true });
    const logo = await page.$eval('.site-header .brand svg', (svg) => svg.getBoundingClientRect());
    expect(logo.width).toBeGreaterThanOrEqual(32);
    expect(logo.height).toBe(logo.width);
    expect(imageRequests.filter((path) => path.startsWith('/images/banners/') || path === '/images/logo.svg')).toEqual([]);
    await context.close();
  });
});
