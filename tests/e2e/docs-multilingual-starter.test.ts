import { describe, expect, it } from 'vitest';
import { scaffold } from '../../src/init/scaffold.ts';
import { loadSite } from '../../src/site/load.ts';
import { hasBrowser } from './browser.ts';
import { middleOf, servedBuild, useBrowser, waitReady } from './helpers.ts';

// The documentation site of `site init docs --locales en,de,ar` (src/init/starters/docs-i18n over
// src/init/starters/docs), as `site init` writes it, built and served (issue 41, point 9).
const server = servedBuild((root) => {
  scaffold(root, 'docs', { locales: ['en', 'de', 'ar'] });
  return loadSite(root);
});

describe.skipIf(!hasBrowser)('the multilingual docs starter in the browser', () => {
  const browser = useBrowser();

  it('leads from a page to its translation through the switcher, whose sidebar and next link stay in that language', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server().url}/start/installation`);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${server().url}/de/start/installation`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    const sidebar = page.getByRole('navigation', { name: 'Dokumentation' });
    expect(await sidebar.locator('[aria-current="page"]').innerText()).toBe('Installation');
    await page.getByRole('link', { name: /Weiter/ }).click();
    await page.waitForURL(`${server().url}/de/start/first-page`);
    expect(await page.locator('h1').innerText()).toBe('Ihre erste Seite');
    await page.close();
  });

  it('mirrors the Arabic pages: the sidebar on the right, the table of contents on the left, code still left to right', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server().url}/start/installation`);
    expect(await middleOf(page, '.sidebar')).toBeLessThan(0.5);
    expect(await middleOf(page, '.toc')).toBeGreaterThan(0.5);
    await page.goto(`${server().url}/ar/start/installation`);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe('rtl');
    expect(await middleOf(page, '.sidebar')).toBeGreaterThan(0.5);
    expect(await middleOf(page, '.toc')).toBeLessThan(0.5);
    expect(await middleOf(page, '.site-name')).toBeGreaterThan(0.5);
    expect(
      await page
        .locator('pre')
        .first()
        .evaluate((pre) => getComputedStyle(pre).direction),
    ).toBe('ltr');
    // The copy button stays at the code's right edge and leaves the code visible.
    await waitReady(page);
    const [code, button] = await Promise.all([page.locator('pre').first().boundingBox(), page.locator('.copy-code').first().boundingBox()]);
    expect(button!.width).toBeLessThan(code!.width / 4);
    expect(button!.x + button!.width).toBeGreaterThan(code!.x + code!.width * 0.75);
    expect(await page.getByRole('button', { name: 'المظهر الداكن' }).count()).toBe(1);
    await page.close();
  });

  it('fits a 390 px screen in every language, the switcher on a row under the header’s controls', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 800 } });
    for (const url of ['/', '/de/start/installation', '/ar', '/ar/guides/code-blocks']) {
      await page.goto(`${server().url}${url}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), url).toBe(true);
      const [name, switcher] = await Promise.all([page.locator('.site-name').boundingBox(), page.locator('.switcher').boundingBox()]);
      expect(switcher!.y, url).toBeGreaterThanOrEqual(name!.y + name!.height);
    }
    await page.close();
  });
});
