import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { scaffold } from '../../src/init/scaffold.ts';
import { diskWriter } from '../../src/output/write.ts';
import { loadSite } from '../../src/site/load.ts';
import { hasBrowser } from './browser.ts';
import { useBrowser, waitReady } from './helpers.ts';
import { serveStatic } from './static-server.ts';

// The blog of `site init --locales en,de,ar` (src/init/starters/blog-i18n), as `site init` writes
// it, built and served (issue 41, point 9).
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'multilingual-starter-e2e-'));
let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
beforeAll(async () => {
  const root = path.join(work, 'site');
  scaffold(root, 'blog', { locales: ['en', 'de', 'ar'] });
  const out = path.join(work, 'dist');
  const result = await build(await loadSite(root), diskWriter(out), {
    threads: 0,
    socialImages: false,
    cache: { dir: path.join(work, 'cache') },
  });
  expect(result.diagnostics).toEqual([]);
  server = await serveStatic(out);
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The horizontal middle of an element, as a share of the viewport's width (0 at the left edge). */
const middleOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return (box.left + box.width / 2) / document.documentElement.clientWidth;
    });

describe.skipIf(!hasBrowser)('the multilingual blog starter in the browser', () => {
  const browser = useBrowser();

  it('leads from a post to its translation through the switcher in the header', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server!.url}/posts/hello-world`);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${server!.url}/de/posts/hello-world`);
    expect(await page.locator('h1').innerText()).toBe('Hallo, Welt');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    const current = page.getByRole('navigation', { name: 'Sprache' }).locator('[aria-current="page"]');
    expect(await current.innerText()).toBe('Deutsch');
    await page.close();
  });

  it('mirrors the Arabic pages: the site name on the right, the skip link shown at the right edge, the copy button in Arabic', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server!.url });
    const page = await context.newPage();
    await page.goto(`${server!.url}/`);
    expect(await middleOf(page, '.site-name')).toBeLessThan(0.5);
    await page.goto(`${server!.url}/ar/posts/hello-world`);
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
      await page.goto(`${server!.url}${url}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), url).toBe(true);
    }
    await page.close();
  });
});
