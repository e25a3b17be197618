/**
 * When islands hydrate (issue 16): each island waits for its strategy (`hydrate` on `<Island>`,
 * `data-hydrate` in the page), the client entry waits for the page to load, the islands' code never
 * loads before the first paint, and a visitor who reaches for an island before its code (or the
 * entry) is in loses nothing: links work, and clicks and keys
 * are replayed once it has hydrated. Run with React and with preact/compat.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { contentOf, islandModes, useBrowser, waitStarted } from './helpers.ts';

const ISLANDS_CHUNK = /\/assets\/chunks\/islands-[^/]+\.js$/;
const CLIENT_ENTRY = /\/assets\/client-[^/]+\.js$/;
const caseStudy = `/projects/${contentOf('projects').find((p) => p.data.hidden !== true)!.slug}`;

/** Holds the islands' chunk (or another script) back until `release()`: the page is interactive, its islands not hydrated. */
async function holdIslands(context: BrowserContext, script = ISLANDS_CHUNK): Promise<{ release: () => void }> {
  const gate = Promise.withResolvers<void>();
  await context.route(script, async (route) => {
    await gate.promise;
    await route.continue().catch(() => {});
  });
  return { release: () => gate.resolve() };
}

async function open(context: BrowserContext, url: string, consent: string | null = 'denied'): Promise<Page> {
  if (consent) await context.addInitScript((value) => localStorage.setItem('ga_consent_v2', value), consent);
  const page = await context.newPage();
  await page.goto(url);
  await waitStarted(page);
  return page;
}

const hydrated = (page: Page, name: string) =>
  page.locator(`[data-island="${name}"]`).evaluate((root) => root.hasAttribute('data-hydrated'));
const waitHydrated = (page: Page, name: string) => page.waitForSelector(`[data-island="${name}"][data-hydrated]`, { state: 'attached' });

/** When the page painted first, finished loading, and started fetching the islands' chunk or another script (never: undefined). */
function timings(page: Page, script = ISLANDS_CHUNK) {
  return page.evaluate((chunk) => {
    const start = performance.getEntriesByType('resource').find((entry) => new RegExp(chunk).test(entry.name))?.startTime;
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
    return { start, paint, loaded };
  }, script.source);
}

describe.skipIf(!hasBrowser).each(islandModes())('islands (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('writes each island’s strategy into the page: the header when idle, the banner and the filter when visible, the floating button on interaction', async () => {
    const context = await browser().newContext();
    const page = await open(context, `${base}/projects`);
    const strategies = await page
      .locator('[data-island]')
      .evaluateAll((roots) =>
        Object.fromEntries(roots.map((root) => [root.getAttribute('data-island'), root.getAttribute('data-hydrate')])),
      );
    expect(strategies).toEqual({ SiteHeader: 'idle', ProjectFilter: 'visible', FloatingContact: 'interaction', CookieBanner: 'visible' });
    await context.close();
  });

  it.each(['/', caseStudy])(
    '%s with a choice stored: no island code until the page has loaded; then the header hydrates, and nothing else',
    async (path) => {
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      const page = await open(context, `${base}${path}`, 'granted');
      await waitHydrated(page, 'SiteHeader');
      const { start, loaded } = await timings(page);
      expect(start).toBeDefined();
      expect(start!).toBeGreaterThanOrEqual(loaded);
      // The banner stays hidden and waits; the floating button waits for a reach.
      await page.waitForTimeout(300);
      expect(await hydrated(page, 'CookieBanner')).toBe(false);
      expect(await hydrated(page, 'FloatingContact')).toBe(false);
      await context.close();
    },
  );

  it('on a first visit shows the cookie banner at once, fetches the islands’ code after the first paint, and hydrates the banner', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 800 } });
    const held = await holdIslands(context);
    const page = await open(context, `${base}${caseStudy}`, null);
    // Shown by the consent startup module, before any island code has arrived.
    expect(await page.locator('.cookie-banner').isVisible()).toBe(true);
    expect(await hydrated(page, 'CookieBanner')).toBe(false);
    held.release();
    await waitHydrated(page, 'CookieBanner');
    const { start, paint } = await timings(page);
    expect(start!).toBeGreaterThan(paint);
    await context.close();
  });

  it('keeps a click on Accept made before the banner hydrated', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 800 } });
    const held = await holdIslands(context);
    const page = await open(context, `${base}/`, null);
    await page.locator('.cookie-banner button', { hasText: 'Accept' }).click();
    expect(await page.evaluate(() => localStorage.getItem('ga_consent_v2'))).toBeNull();
    held.release();
    await page.locator('.cookie-banner').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('ga_consent_v2'))).toBe('granted');
    await context.close();
  });

  it('fetches the client entry only once the page has loaded', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 800 } });
    const page = await open(context, `${base}${caseStudy}`);
    const { start, loaded } = await timings(page, CLIENT_ENTRY);
    expect(start).toBeDefined();
    expect(start!).toBeGreaterThanOrEqual(loaded);
    await context.close();
  });

  it.each([
    ['the header hydrated', ISLANDS_CHUNK, true],
    ['the client entry arrived (the bootstrap keeps it)', CLIENT_ENTRY, false],
  ] as const)(
    'keeps a click on a header menu made before %s, and opens the menu once the header has hydrated',
    async (_, script, entryIn) => {
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(() => localStorage.setItem('ga_consent_v2', 'denied'));
      const held = await holdIslands(context, script);
      const page = await context.newPage();
      await page.goto(`${base}${caseStudy}`, { waitUntil: 'load' });
      if (entryIn) await waitStarted(page);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(entryIn);
      await page.locator('#trigger-services').click();
      expect(await hydrated(page, 'SiteHeader')).toBe(false);
      expect(await page.locator('#trigger-services').getAttribute('aria-expanded')).toBe('false');
      held.release();
      await waitHydrated(page, 'SiteHeader');
      await page.locator('#menu-services').waitFor({ state: 'visible' });
      expect(await page.locator('#trigger-services').getAttribute('aria-expanded')).toBe('true');
      await context.close();
    },
  );

  it('keeps keys pressed before the header hydrated: ArrowDown on a menu opens it with focus on its first link', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const held = await holdIslands(context);
    const page = await open(context, `${base}/`);
    await page.locator('#trigger-blogs').focus();
    await page.keyboard.press('ArrowDown');
    expect(await hydrated(page, 'SiteHeader')).toBe(false);
    held.release();
    await page.waitForFunction(() => document.activeElement?.closest('#menu-blogs') !== null);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(
      await page.locator('#menu-blogs a').first().getAttribute('href'),
    );
    await context.close();
  });

  it('opens a menu on the phone from a tap on the menu button made before hydration', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
    const held = await holdIslands(context);
    const page = await open(context, `${base}/`);
    await page.locator('button.menu-toggle').tap();
    held.release();
    await page.locator('#site-nav').waitFor({ state: 'visible' });
    expect(await page.locator('button.menu-toggle').getAttribute('aria-expanded')).toBe('true');
    // A tap leaves no hover behind to open a dropdown by itself.
    await page.waitForTimeout(200);
    expect(await page.locator('.dropdown[data-open]').count()).toBe(0);
    await context.close();
  });

  it('on a slow phone (CPU six times slower), keeps a tap made before hydration, and nothing shifts while the islands hydrate', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
    await context.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const held = await holdIslands(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    // A first visit: the banner is shown and due at once, the header waits for idle time.
    await page.goto(`${base}${caseStudy}`);
    await waitStarted(page);
    await page.locator('button.menu-toggle').tap();
    expect(await hydrated(page, 'SiteHeader')).toBe(false);
    held.release();
    await page.locator('#site-nav').waitFor({ state: 'visible', timeout: 20_000 });
    await waitHydrated(page, 'CookieBanner');
    expect(await page.locator('button.menu-toggle').getAttribute('aria-expanded')).toBe('true');
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    await context.close();
  });

  it('follows links in islands whose code never arrives', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    await context.route(ISLANDS_CHUNK, (route) => route.abort());
    const page = await open(context, `${base}${caseStudy}`);
    await page.locator('.site-header a.contact-button').click();
    await page.waitForURL(`${base}/contact`);
    expect(await page.locator('h1').innerText()).not.toBe('');
    await page.locator('.site-header a.brand').click();
    await page.waitForURL(`${base}/`);
    await context.close();
  });

  it('hydrates the filter only once it scrolls into view', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 700 } });
    const page = await open(context, `${base}/projects#site-footer`);
    await waitHydrated(page, 'SiteHeader');
    await page.waitForTimeout(300);
    expect(await hydrated(page, 'ProjectFilter')).toBe(false);
    expect(await page.locator('.filter a.chip').count()).toBeGreaterThan(0);
    await page.locator('#filter-heading').scrollIntoViewIfNeeded();
    await waitHydrated(page, 'ProjectFilter');
    await page.locator('.filter button.chip').first().waitFor();
    await context.close();
  });

  it('swaps in the new page’s islands outside <main> on a client-side navigation, with no need to hydrate them: the floating button hides on /contact', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await open(context, `${base}${caseStudy}`);
    expect(await hydrated(page, 'FloatingContact')).toBe(false);
    await page.locator('.footer-nav a', { hasText: 'Free Consultation' }).click();
    await page.waitForURL(`${base}/contact`);
    await page.locator('a.fab').waitFor({ state: 'hidden' });
    expect(await hydrated(page, 'FloatingContact')).toBe(false);
    await context.close();
  });

  it('hydrates an island on the first focus inside it', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await open(context, `${base}/about/company`);
    expect(await hydrated(page, 'FloatingContact')).toBe(false);
    await page.locator('a.fab').focus();
    await waitHydrated(page, 'FloatingContact');
    await context.close();
  });
});
