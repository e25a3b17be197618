import { describe, expect, it } from 'vitest';
import { scaffold } from '../../src/init/scaffold.ts';
import { loadSite } from '../../src/site/load.ts';
import { hasBrowser } from './browser.ts';
import { middleOf, servedBuild, useBrowser, waitReady } from './helpers.ts';

// The blog of `site init --locales en,de,ar` (src/init/starters/blog-i18n), as `site init` writes
// it, built and served (issue 41, point 9).
const server = servedBuild((root) => {
  scaffold(root, 'blog', { locales: ['en', 'de', 'ar'] });
  return loadSite(root);
});

describe.skipIf(!hasBrowser)('the multilingual blog starter in the browser', () => {
  const browser = useBrowser();

  it('leads from a post to its translation through the switcher in the header', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server().url}/posts/hello-world`);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${server().url}/de/posts/hello-world`);
    expect(await page.locator('h1').innerText()).toBe('Hallo, Welt');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    const current = page.getByRole('navigation', { name: 'Sprache' }).locator('[aria-current="page"]');
    expect(await current.innerText()).toBe('Deutsch');
    await page.close();
  });

  it('mirrors the Arabic pages: the site name on the right, the skip link shown at the right edge, the copy button in Arabic', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server().url });
    const page = await context.newPage();
    await page.goto(`${server().url}/`);
    expect(await middleOf(page, '.site-name')).toBeLessThan(0.5);
    await page.goto(`${server().url}/ar/posts/hello-world`);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe('rtl');
    expect(await middleOf(page, '.site-name')).toBeGreaterThan(0.5);
    expect(await middleOf(page, '.switcher')).toBeLessThan(0.5);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('انتقل إلى المحتوى');
    expect(await middleOf(page, '.skip-link')).toBeGreaterThan(0.5);
    await waitReady(page);
    const button = page.getByRole('button', { name: 'نسخ الرابط' });
    await button.click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('تم نسخ الرابط.');
    await context.close();
  });

  it('fits a 390 px screen in every language, with no sideways scrolling', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 800 } });
    for (const url of ['/', '/de', '/ar', '/ar/posts/hello-world']) {
      await page.goto(`${server().url}${url}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), url).toBe(true);
    }
    await page.close();
  });
});
