import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/site/load.ts';
import { hasBrowser } from './browser.ts';
import { useBrowser, servedBuild } from './helpers.ts';

// The guide's multilingual example (docs/examples/multilingual) in a browser: its language
// switcher leads to the same page in another language, and the Arabic pages run right to left.
const server = servedBuild(() => loadSite(path.resolve('docs/examples/multilingual')));

describe.skipIf(!hasBrowser)('a multilingual site in the browser', () => {
  const browser = useBrowser();

  it('switches to the same page in another language, and lays out Arabic right to left', async () => {
    const page = await (await browser().newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${server().url}/posts/hello-world`);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${server().url}/de/posts/hello-world`);
    expect(await page.locator('h1').textContent()).toBe('Hallo, Welt');
    expect(await page.evaluate(() => [document.documentElement.lang, getComputedStyle(document.body).direction])).toEqual(['de', 'ltr']);

    await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL(`${server().url}/ar/posts/hello-world`);
    expect(await page.evaluate(() => [document.documentElement.lang, getComputedStyle(document.body).direction])).toEqual(['ar', 'rtl']);
    // Mirrored: the site's name starts the header on the right, the switcher ends it on the left.
    const brand = (await page.locator('.brand').boundingBox())!;
    const switcher = (await page.getByRole('navigation', { name: 'اللغة' }).boundingBox())!;
    expect(brand.x).toBeGreaterThan(switcher.x + switcher.width);
  });

  it('leads to the home page of a language the page is not translated into, and says so', async () => {
    const page = await (await browser().newContext()).newPage();
    await page.goto(`${server().url}/posts/english-only`);
    const switcher = page.getByRole('navigation', { name: 'Language' });
    expect(await switcher.getByRole('listitem').filter({ hasText: 'Deutsch' }).textContent()).toBe('Deutsch(not translated)');
    await switcher.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${server().url}/de`);
    expect(await page.locator('h1').textContent()).toBe('Willkommen');
  });
});
