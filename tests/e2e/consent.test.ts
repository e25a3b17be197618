import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { islandModes, openPage, openWithStalledFrames, waitReady, useBrowser } from './helpers.ts';

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('ga_consent_v2'));
const banner = (page: Page) => page.locator('section.cookie-banner');

/** Records the analytics accept and decline actions as they are called. */
async function recordConsentEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { consentEvents: string[] }).consentEvents = [];
    window.addEventListener('site:consent', (event) =>
      (window as unknown as { consentEvents: string[] }).consentEvents.push((event as CustomEvent<{ value: string }>).detail.value),
    );
  });
}
const consentEvents = (page: Page) => page.evaluate(() => (window as unknown as { consentEvents: string[] }).consentEvents);

describe.skipIf(!hasBrowser).each(islandModes())('cookie banner (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('is shown when nothing is stored, with the specified text, a privacy link, Decline and Accept', async () => {
    const { page, context } = await openPage(browser(), `${base}/`, { consent: null });
    await banner(page).waitFor({ state: 'visible' });
    expect(await banner(page).locator('p').innerText()).toContain('We use cookies for analytics. Please opt in to help us improve.');
    expect(await banner(page).locator('a').getAttribute('href')).toBe('/privacy-policy');
    expect(await banner(page).locator('button').allInnerTexts()).toEqual(['Decline', 'Accept']);
    await context.close();
  });

  it('Accept stores granted, calls the accept action, hides, and stays hidden on the next visit', async () => {
    const { page, context } = await openPage(browser(), 'about:blank', { consent: null });
    await recordConsentEvents(page);
    await page.goto(`${base}/`);
    await waitReady(page);
    await banner(page).locator('button', { hasText: 'Accept' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    expect(await stored(page)).toBe('granted');
    expect(await consentEvents(page)).toEqual(['granted']);
    await page.reload();
    await waitReady(page);
    expect(await banner(page).isVisible()).toBe(false);
    await context.close();
  });

  it('Decline stores denied, calls the decline action and hides', async () => {
    const { page, context } = await openPage(browser(), 'about:blank', { consent: null });
    await recordConsentEvents(page);
    await page.goto(`${base}/about/company`);
    await waitReady(page);
    await banner(page).locator('button', { hasText: 'Decline' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    expect(await stored(page)).toBe('denied');
    expect(await consentEvents(page)).toEqual(['denied']);
    await context.close();
  });

  it('is shown again when the stored value is neither granted nor denied', async () => {
    const { page, context } = await openPage(browser(), 'about:blank', { consent: null });
    await page.goto(`${base}/`);
    await page.evaluate(() => localStorage.setItem('ga_consent_v2', 'maybe'));
    await page.reload();
    await waitReady(page);
    await banner(page).waitFor({ state: 'visible' });
    await context.close();
  });

  it('reopens from the footer link, with focus on its first button, and a new choice replaces the old', async () => {
    const { page, context } = await openPage(browser(), `${base}/`, { consent: 'granted' });
    expect(await banner(page).isVisible()).toBe(false);
    await page.locator('.footer-nav a', { hasText: 'Privacy & Cookies' }).click();
    await banner(page).waitFor({ state: 'visible' });
    expect(page.url()).toBe(`${base}/`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Decline');
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'hidden' });
    expect(await stored(page)).toBe('denied');
    await context.close();
  });

  it('reopens with focus from a click made the moment the page turns interactive, before the banner has hydrated, without a reload', async () => {
    const { page, context } = await openWithStalledFrames(browser(), `${base}/`, { width: 1440, consent: 'granted' });
    const clickReopen = () =>
      page.evaluate(async () => {
        const link = [...document.querySelectorAll<HTMLAnchorElement>('.footer-nav a')].find((a) =>
          a.textContent?.includes('Privacy & Cookies'),
        );
        link?.click();
        // The banner re-renders on a microtask; a task later, well before any frame, focus must be on it.
        await new Promise((resolve) => setTimeout(resolve, 0));
        return document.activeElement?.textContent;
      });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    expect(await page.locator('[data-island="CookieBanner"]').getAttribute('data-hydrated')).toBeNull();
    // The banner's code arrives after the click; the click is kept and the banner opens once it has hydrated.
    await clickReopen();
    // Polled on a timer: the page's animation frames are stalled, and Playwright's default polling waits for them.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Decline', null, { polling: 10 });
    expect(await banner(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await banner(page).locator('button', { hasText: 'Accept' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    // Hydrated now: the next reopen puts focus on the banner within the same task.
    expect(await clickReopen()).toBe('Decline');
    expect(await banner(page).isVisible()).toBe(true);
    expect(page.url()).toBe(`${base}/`);
    await context.close();
  });

  it('without the reopen capability, the footer link clears the stored choice and reloads', async () => {
    const { page, context } = await openPage(browser(), `${base}/`, { consent: null });
    await banner(page).locator('button', { hasText: 'Accept' }).click();
    expect(await stored(page)).toBe('granted');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
      delete window.siteConsent!.reopen;
    });
    await Promise.all([page.waitForEvent('load'), page.locator('.footer-nav a', { hasText: 'Privacy & Cookies' }).click()]);
    await waitReady(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
    expect(await stored(page)).toBeNull();
    await banner(page).waitFor({ state: 'visible' });
    await context.close();
  });
});
