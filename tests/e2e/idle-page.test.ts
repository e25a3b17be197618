import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { modes, openPage, useBrowser } from './helpers.ts';

/**
 * A page nobody touches does no work: no style recalculation on every frame. The case-study
 * listing holds sixty lazy images not yet fetched, each in its loading state; an animation of
 * that state run on the main thread (a moving background) restyled the page sixty times a second
 * for as long as it stayed open, and Lighthouse counted it as blocking time.
 */
describe.skipIf(!hasBrowser).each(modes())('a page left alone (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('recalculates styles only a few times in two idle seconds, lazy images waiting in their loading state', async () => {
    const { page, context } = await openPage(browser(), `${base}/projects`, { width: 390 });
    const waiting = await page.locator('img[data-fallback]:not([data-loaded])').count();
    expect(waiting).toBeGreaterThan(10);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const recalculations = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'RecalcStyleCount')!.value;
    await page.waitForTimeout(500);
    const before = await recalculations();
    await page.waitForTimeout(2000);
    // At sixty frames a second, an animation on the main thread would add about 120.
    expect((await recalculations()) - before).toBeLessThan(20);
    await context.close();
  });
});
