import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { diskWriter } from '../../src/output/write.ts';
import { loadSite } from '../../src/site/load.ts';
import { hasBrowser } from './browser.ts';
import { useBrowser } from './helpers.ts';
import { serveStatic } from './static-server.ts';

// The guide's multilingual example (docs/examples/multilingual) in a browser: its language
// switcher leads to the same page in another language, and the Arabic pages run right to left.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'multilingual-e2e-'));
let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
beforeAll(async () => {
  const out = path.join(work, 'dist');
  const result = await build(await loadSite(path.resolve('docs/examples/multilingual')), diskWriter(out), {
    threads: 0,
    socialImages: false,
    cache: { dir: path.join(work, 'cache') },
  });
  expect(result.diagnostics).toEqual([]);
  server = await serveStatic(out);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!hasBrowser)('a multilingual site in the browser', () => {
  const browser = useBrowser();

  it('switches to the same page in another language, and lays out Arabic right to left', async () => {
    const page = await (await browser().newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${server!.url}/posts/hello-world`);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${server!.url}/de/posts/hello-world`);
    expect(await page.locator('h1').textContent()).toBe('Hallo, Welt');
    expect(await page.evaluate(() => [document.documentElement.lang, getComputedStyle(document.body).direction])).toEqual(['de', 'ltr']);

    await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL(`${server!.url}/ar/posts/hello-world`);
    expect(await page.evaluate(() => [document.documentElement.lang, getComputedStyle(document.body).direction])).toEqual(['ar', 'rtl']);
    // Mirrored: the site's name starts the header on the right, the switcher ends it on the left.
    const brand = (await page.locator('.brand').boundingBox())!;
    const switcher = (await page.getByRole('navigation', { name: 'اللغة' }).boundingBox())!;
    expect(brand.x).toBeGreaterThan(switcher.x + switcher.width);
  });

  it('leads to the home page of a language the page is not translated into, and says so', async () => {
    const page = await (await browser().newContext()).newPage();
    await page.goto(`${server!.url}/posts/english-only`);
    const switcher = page.getByRole('navigation', { name: 'Language' });
    expect(await switcher.getByRole('listitem').filter({ hasText: 'Deutsch' }).textContent()).toBe('Deutsch(not translated)');
    await switcher.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${server!.url}/de`);
    expect(await page.locator('h1').textContent()).toBe('Willkommen');
  });
});
