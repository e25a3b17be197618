import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/site/load.ts';
import { hasBrowser } from './browser.ts';
import { useBrowser, servedBuild, waitReady } from './helpers.ts';

// The guide's multilingual example (en, de, ar) with its `const search = true;` and `i18n.fallback`
// on: `/de/posts/english-only` is the English post shown under German URLs (issue 43, point 5).
const EXAMPLE = path.resolve('docs/examples/multilingual');
const server = servedBuild(
  async () => {
    const loaded = await loadSite(EXAMPLE);
    return {
      ...loaded,
      search: true,
      i18n: { ...loaded.i18n!, fallback: true },
      islands: { Search: path.join(EXAMPLE, 'islands/Search.tsx') },
    };
  },
  { warnings: true },
);

/** Opens the page's search by its button unless it is open (named in the page's language), types, and waits for the status to name what was typed. */
async function searchOn(page: Page, button: string, words: string) {
  const open = await page.locator('dialog.search-dialog').evaluate((dialog) => (dialog as HTMLDialogElement).open);
  if (!open) await page.getByRole('button', { name: button, exact: true }).click();
  await page.locator('.search-input').fill(words);
  await page.waitForFunction((typed) => (document.querySelector('.search-status')?.textContent ?? '').includes(typed), words);
  const results = await page
    .locator('.search-results li a')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  return { results, status: await page.locator('.search-status').textContent() };
}

describe.skipIf(!hasBrowser)('the search of a multilingual site in the browser', () => {
  const browser = useBrowser();

  it('on /de finds German pages only, in German words, and never the English post shown there as a fallback', {
    timeout: 60_000,
  }, async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server().url}/de`);
    await waitReady(page);
    const found = await searchOn(page, 'Suche', 'Deutsch');
    expect(found.results).toEqual(['/de/posts/hello-world']);
    expect(found.status).toBe('1 Treffer für „Deutsch“.');
    // The fallback copy's words are English ones under a German URL: not in the German index.
    const fallback = await searchOn(page, 'Suche', 'switcher');
    expect(fallback).toEqual({ results: [], status: 'Keine Treffer für „switcher“.' });
    expect(await page.getByRole('button', { name: 'Schließen' }).count()).toBe(1);
    await page.locator('.search-close').click();
    // The same English word on an English page finds that post in its own language.
    await page.goto(`${server().url}/`);
    await waitReady(page);
    expect((await searchOn(page, 'Search', 'switcher')).results).toEqual(['/posts/english-only']);
    await context.close();
  });

  it('on /ar finds Arabic pages only, and follows the result', { timeout: 60_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server().url}/ar`);
    await waitReady(page);
    const found = await searchOn(page, 'بحث', 'المقالة');
    // The post, and the home page that lists it under «المقالات».
    expect(found.results).toEqual(['/ar', '/ar/posts/hello-world']);
    // Two is Arabic's plural category "two", which the site's table leaves to "other".
    expect(found.status).toBe('2 نتيجة لـ «المقالة».');
    expect((await searchOn(page, 'بحث', 'Deutsch')).results).toEqual([]);
    await searchOn(page, 'بحث', 'المقالة');
    await page.locator('.search-results a', { hasText: 'مرحباً بالعالم' }).click();
    await page.waitForURL(`${server().url}/ar/posts/hello-world`);
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await context.close();
  });
});
