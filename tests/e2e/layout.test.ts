import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { contentOf, islandModes, openPage, openWithStalledFrames, texts, useBrowser } from './helpers.ts';

const visibleProjects = contentOf('projects').filter((p) => p.data.hidden !== true);
const byDateDesc = contentOf('blogs').sort(
  (a, b) => new Date(String(b.data.createdDate)).getTime() - new Date(String(a.data.createdDate)).getTime(),
);
const services = contentOf('services').sort((a, b) => Number(a.data.sort) - Number(b.data.sort));

describe.skipIf(!hasBrowser).each(islandModes())('header, footer and floating button (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('opens Case Studies on click: 10 entries by sort, a separator, then All N Case Studies', async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    const trigger = page.locator('#trigger-case-studies');
    await trigger.click();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#menu-case-studies').waitFor({ state: 'visible' });
    const labels = await texts(page, '#menu-case-studies a');
    expect(labels).toHaveLength(11);
    const firstTen = [...visibleProjects]
      .sort((a, b) => Number(a.data.sort) - Number(b.data.sort) || a.slug.localeCompare(b.slug))
      .slice(0, 10);
    expect(labels.slice(0, 10)).toEqual(firstTen.map((p) => p.data.title));
    expect(labels[10]).toBe(`All ${visibleProjects.length} Case Studies`);
    expect(await page.locator('#menu-case-studies .has-separator').count()).toBe(1);
    await trigger.click();
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('lists services by sort and the newest ten articles, each with its All link; About has Company and Team', async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    await page.locator('#trigger-services').click();
    expect(await texts(page, '#menu-services a')).toEqual([...services.map((s) => String(s.data.title)), 'All Services']);
    await page.locator('#trigger-blogs').click();
    expect(await texts(page, '#menu-blogs a')).toEqual([...byDateDesc.slice(0, 10).map((b) => String(b.data.title)), 'All Blogs']);
    await page.locator('#trigger-about').click();
    expect(await texts(page, '#menu-about a')).toEqual(['The Company', 'The Team']);
    // One dropdown at a time.
    expect(await page.locator('.dropdown[data-open]').count()).toBe(1);
    await context.close();
  });

  it('opens on hover, stays open when then clicked, and closes when the pointer leaves', async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    await page.locator('#trigger-services').hover();
    await page.locator('#menu-services').waitFor({ state: 'visible' });
    // The click that usually follows a hover pins the dropdown open rather than closing it.
    await page.locator('#trigger-services').click();
    await page.waitForTimeout(350);
    expect(await page.locator('#trigger-services').getAttribute('aria-expanded')).toBe('true');
    await page.locator('#trigger-services').click();
    expect(await page.locator('#trigger-services').getAttribute('aria-expanded')).toBe('false');
    // Hovering again means the pointer comes back: one that never left fires no mouseenter.
    await page.locator('h1').hover();
    await page.locator('#trigger-services').hover();
    await page.locator('#menu-services').waitFor({ state: 'visible' });
    await page.locator('h1').hover();
    await page.locator('#menu-services').waitFor({ state: 'hidden' });
    await context.close();
  });

  it('moves with the arrow keys, closes on Escape and returns focus to the trigger', async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    await page.locator('#trigger-blogs').focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('#menu-blogs') !== null);
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    const items = await texts(page, '#menu-blogs a');
    expect(await focused()).toBe(items[0]);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(items[1]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe(items.at(-1));
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('trigger-blogs');
    expect(await page.locator('#trigger-blogs').getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('below 1024 px, hides the nav behind a menu button that opens and closes it', async () => {
    const { page, context } = await openPage(browser(), `${base}/`, { width: 390 });
    const toggle = page.locator('button.menu-toggle');
    const nav = page.locator('#site-nav');
    expect(await toggle.isVisible()).toBe(true);
    expect(await nav.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await nav.waitFor({ state: 'visible' });
    await page.locator('#trigger-services').click();
    await page.locator('#menu-services').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
    await toggle.click();
    await page.locator('#menu-services').waitFor({ state: 'hidden' });
    await page.locator('#trigger-about').click();
    await page.locator('#menu-about a', { hasText: 'The Team' }).click();
    await page.waitForURL(`${base}/about/team`);
    await nav.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('keeps the menu open when it is opened the moment the page turns interactive', async () => {
    const { page, context } = await openWithStalledFrames(browser(), `${base}/`, { width: 390, consent: 'denied' });
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('button.menu-toggle')?.click());
    // The header hydrates after the click (it waits for idle time) and the click is replayed to it.
    await expect.poll(() => page.locator('button.menu-toggle').getAttribute('aria-expanded'), { timeout: 5_000 }).toBe('true');
    await page.waitForTimeout(400);
    expect(await page.locator('button.menu-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#site-nav').isVisible()).toBe(true);
    await context.close();
  });

  it('closes the open menu when the window widens to desktop, so narrowing again shows it closed', async () => {
    const { page, context } = await openPage(browser(), `${base}/`, { width: 390 });
    const toggle = page.locator('button.menu-toggle');
    await toggle.click();
    await page.locator('#site-nav').waitFor({ state: 'visible' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForFunction(() => document.querySelector('button.menu-toggle')?.getAttribute('aria-expanded') === 'false');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.locator('#site-nav').waitFor({ state: 'hidden' });
    await context.close();
  });

  it('hides the header when scrolling down past 250 px and reveals it when scrolling up', async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    const header = page.locator('.site-header');
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(150);
    expect(await header.getAttribute('data-hidden')).toBeNull();
    await page.mouse.wheel(0, 900);
    await page.waitForFunction(() => document.querySelector('.site-header')?.hasAttribute('data-hidden'));
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => !document.querySelector('.site-header')?.hasAttribute('data-hidden'));
    await context.close();
  });

  it("shows the floating Let's Talk button everywhere but /contact, across navigations", async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    const fab = page.locator('a.fab');
    expect(await fab.innerText()).toContain("Let's Talk");
    expect(await fab.getAttribute('href')).toBe('/contact');
    await fab.click();
    await page.waitForURL(`${base}/contact`);
    await fab.waitFor({ state: 'hidden' });
    await page.goBack();
    await page.waitForURL(`${base}/`);
    await fab.waitFor({ state: 'visible' });
    await page.goto(`${base}/contact`);
    expect(await fab.isVisible()).toBe(false);
    await context.close();
  });

  it('has the footer links, icon buttons and the copyright line from 1998', async () => {
    const { page, context } = await openPage(browser(), `${base}/about/company`);
    // Read as a visitor reads it, scrolled to: it is laid out only near the viewport (content-visibility), and innerText is empty until then.
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await texts(page, '.footer-nav a')).toEqual([
      'Company',
      'Team',
      'Services',
      'Privacy Policy',
      'Insights Blog',
      'Case Studies',
      'Free Consultation',
      'Email Us',
      'Privacy & Cookies',
    ]);
    expect(await page.locator('.footer-nav a', { hasText: 'Email Us' }).getAttribute('href')).toBe('mailto:hello@kestrelpoint.example');
    expect(await page.locator('.footer-icons a[aria-label*="LinkedIn"]').getAttribute('href')).toBe(
      'https://www.linkedin.com/company/kestrel-point-consulting',
    );
    expect(await page.locator('.footer-icons a[href^="mailto:"]').count()).toBe(1);
    expect(await page.locator('.footer-legal').innerText()).toContain(`© 1998–${new Date().getFullYear()} Kestrel Point Consulting`);
    await context.close();
  });

  it.each([320, 390])('gives every footer link a target of 24 × 24 px at least at %i px, whatever its neighbours', async (width) => {
    const { page, context } = await openPage(browser(), `${base}/services/ironvale-security-solutions`, { width });
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('.footer-nav a')]
        .map((link) => ({
          link: link.textContent,
          boxes: [...link.getClientRects()].map((box) => [Math.round(box.width), Math.round(box.height)]),
        }))
        .filter(({ boxes }) => boxes.length !== 1 || boxes[0]![0]! < 24 || boxes[0]![1]! < 24),
    );
    expect(small).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with the not-found page and status 404', async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    const response = await page.goto(`${base}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe("We couldn't find that page");
    expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
    const hidden = await page.goto(`${base}/ErrorNotFound`);
    expect(hidden?.status()).toBe(200);
    await context.close();
  });

  it('reads fully with JavaScript off, and its links work', async () => {
    for (const width of [390, 1440]) {
      const { page, context } = await openPage(browser(), `${base}/`, { javaScript: false, width });
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('.cookie-banner').isVisible()).toBe(false);
      expect(await page.locator('.prose').innerText()).not.toBe('');
      if (width === 390) {
        // The menu stand-in is a plain link to the footer's full list of links.
        await page.locator('a.menu-toggle').click();
        await page.locator('.footer-nav a', { hasText: 'Case Studies' }).click();
      } else {
        // Dropdowns open by CSS on hover and keyboard focus.
        await page.locator('#trigger-case-studies').focus();
        await page.locator('#menu-case-studies').waitFor({ state: 'visible' });
        await page.locator('#menu-case-studies .dropdown-all a').click();
      }
      await page.waitForURL(`${base}/projects`);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('.card').count()).toBe(visibleProjects.length);
      await context.close();
    }
  });
});
