import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { islandModes, openPage, waitReady, useBrowser } from './helpers.ts';

/** Sets a value on window that only survives navigations that do not reload the page. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 42);

describe.skipIf(!hasBrowser).each(islandModes())('navigation with a single-page feel (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('swaps the page without reloading: title, meta, history, scroll to top-left, focus on the h1', async () => {
    const { page, context, errors } = await openPage(browser(), `${base}/`);
    await mark(page);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.locator('.footer-nav a', { hasText: 'Team' }).click();
    await page.waitForURL(`${base}/about/team`);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await marked(page)).toBe(true);
    expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
    expect(await page.title()).toMatch(/team/i);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(/\/about\/team$/);
    expect(await page.locator('meta[name=description]').count()).toBe(1);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('body').getAttribute('data-path')).toBe('/about/team');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes back and forward through swapped pages', async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    await mark(page);
    const homeTitle = await page.title();
    await page.locator('.footer-nav a', { hasText: 'Services' }).click();
    await page.waitForURL(`${base}/services`);
    await page.locator('.card-link').first().click();
    await page.waitForURL(/\/services\/.+/);
    const serviceHeading = await page.locator('h1').innerText();
    await page.goBack();
    await page.waitForURL(`${base}/services`);
    await page.goBack();
    await page.waitForURL(`${base}/`);
    await page.waitForFunction((title) => document.title === title, homeTitle);
    await page.goForward();
    await page.waitForURL(`${base}/services`);
    await page.goForward();
    await page.waitForFunction((heading) => document.querySelector('h1')?.textContent === heading, serviceHeading);
    expect(await marked(page)).toBe(true);
    await context.close();
  });

  it('prefetches a page when a link is hovered', async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    const request = page.waitForRequest((r) => r.url() === `${base}/privacy-policy` && r.resourceType() === 'fetch');
    await page.locator('.footer-nav a', { hasText: 'Privacy Policy' }).hover();
    await request;
    await context.close();
  });

  it('loads a stylesheet the next page needs before swapping it in', async () => {
    const { page, context } = await openPage(browser(), `${base}/about/company`);
    await mark(page);
    expect(await page.locator('link[rel=stylesheet][href*="/assets/home-"]').count()).toBe(0);
    await page.locator('a.brand').first().click();
    await page.waitForURL(`${base}/`);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.locator('link[rel=stylesheet][href*="/assets/home-"]').count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.hero-actions')!).display)).toBe('flex');
    expect(await marked(page)).toBe(true);
    await context.close();
  });

  it('logs "Unable to preload CSS for {path}" and falls back to a full load when a stylesheet fails', async () => {
    // The home page is the one route with a stylesheet of its own.
    const { page, context, errors } = await openPage(browser(), `${base}/about/company`);
    await mark(page);
    await page.route('**/assets/home-*.css', (route) => route.abort());
    await page.locator('a.brand').first().click();
    await page.waitForURL(`${base}/`);
    await page.waitForLoadState('load');
    expect(await marked(page)).toBe(false);
    expect(errors.some((e) => /^Unable to preload CSS for \/assets\/home-[A-Z0-9]+\.css$/.test(e))).toBe(true);
    expect(await page.locator('h1').count()).toBe(1);
    await context.close();
  });

  it('logs any other navigation error and falls back to a full load, never a blank page', async () => {
    const { page, context, errors } = await openPage(browser(), `${base}/`);
    await mark(page);
    await page.route(`${base}/blogs`, (route) =>
      route.request().resourceType() === 'fetch' ? route.fulfill({ status: 500, body: 'boom' }) : route.fallback(),
    );
    await page.locator('.footer-nav a', { hasText: 'Insights Blog' }).click();
    await page.waitForURL(`${base}/blogs`);
    await waitReady(page);
    expect(await marked(page)).toBe(false);
    expect(errors.some((e) => e.includes('/blogs answered 500'))).toBe(true);
    expect(await page.locator('h1').innerText()).toBe('Insights');
    await context.close();
  });

  it('leaves links to files, new tabs and other origins to the browser', async () => {
    const { page, context } = await openPage(browser(), `${base}/contact`);
    const external = page.locator('a[href^="https://www.linkedin.com"]').first();
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toContain('noopener');
    await context.close();
  });
});
