import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { diskWriter } from '../../src/output/write.ts';
import { indexSite } from '../../src/search/index-site.ts';
import type { Route } from '../../src/content/entry.ts';
import { createSearchSite } from '../fixtures/search/site.tsx';
import { hasBrowser } from './browser.ts';
import { recordErrors, useBrowser, waitReady } from './helpers.ts';
import { serveStatic } from './static-server.ts';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Server = Awaited<ReturnType<typeof serveStatic>>;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-search-e2e-'));
const servers: Record<'document' | 'client' | 'languages', Server | undefined> = {
  document: undefined,
  client: undefined,
  languages: undefined,
};

async function builtAndServed(navigation: 'document' | 'client'): Promise<Server> {
  const dist = path.join(work, navigation);
  const result = await build(createSearchSite(navigation), diskWriter(dist), { threads: 0 });
  if (result.diagnostics.length) throw new Error(`the search fixture failed to build: ${JSON.stringify(result.diagnostics)}`);
  return serveStatic(dist);
}

/**
 * Two pages as a multilingual site writes them, each with its own `<html lang>`, indexed by the
 * search stage itself, served beside their index: the i18n option is not this branch's, so the
 * pages are written here.
 */
async function twoLanguages(): Promise<Server> {
  const dist = path.join(work, 'languages');
  const page = (lang: string, title: string, text: string) =>
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body><nav>menu</nav><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
  const pages = [
    { url: '/', outPath: 'index.html', html: page('en', 'Lighthouse', 'The keeper lights the lantern at dusk.') },
    { url: '/fr', outPath: 'fr/index.html', html: page('fr', 'Phare', 'Le gardien allume la lanterne au crépuscule.') },
    { url: '/missing', outPath: 'missing.html', html: page('en', 'Missing', 'Nothing.') },
  ];
  const routes = pages.map(
    ({ url, outPath }) => ({ url, outPath, template: 'page', noindex: false, entry: { hidden: false } }) as unknown as Route,
  );
  const stage = await indexSite({ notFound: '/missing', search: true } as Parameters<typeof indexSite>[0], {
    routes,
    pages: { files: pages.map((p) => ({ path: p.outPath, contents: p.html })), hashes: new Map() },
  });
  for (const file of [...stage.files, ...pages.map((p) => ({ path: p.outPath, contents: p.html }))]) {
    fs.mkdirSync(path.dirname(path.join(dist, file.path)), { recursive: true });
    fs.writeFileSync(path.join(dist, file.path), file.contents);
  }
  fs.writeFileSync(path.join(dist, '404.html'), page('en', 'Missing', 'Nothing.'));
  return serveStatic(dist);
}

beforeAll(async () => {
  if (!hasBrowser) return;
  servers.document = await builtAndServed('document');
  servers.client = await builtAndServed('client');
  servers.languages = await twoLanguages();
}, 180_000);

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server?.close()));
  fs.rmSync(work, { recursive: true, force: true });
});

/** Opens a page under the build's own headers, recording errors and CSP violations. */
async function open(browser: Browser, url: string, options: { width?: number; javaScript?: boolean; ready?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 800 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  await context.addInitScript(() => {
    const scope = window as unknown as { violations: string[] };
    scope.violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      scope.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const errors = recordErrors(page);
  await page.goto(url);
  if (options.javaScript !== false && options.ready !== false) await waitReady(page);
  return { page, context, errors };
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
const resultTitles = (page: Page) => page.locator('.search-results li a').allTextContents();

/** Types into the search and waits for its status to report the results of what was typed. */
async function search(page: Page, words: string) {
  await page.locator('.search-input').fill(words);
  await page.waitForFunction((typed) => {
    const status = document.querySelector('.search-status')?.textContent ?? '';
    return status.includes(`“${typed}”`);
  }, words);
}

describe.skipIf(!hasBrowser)('the search island on a built site', () => {
  const browser = useBrowser();

  for (const navigation of ['document', 'client'] as const) {
    it(`finds a page by a word of its text and follows the result to it (${navigation} navigation)`, { timeout: 60_000 }, async () => {
      const base = servers[navigation]!.url;
      const { page, context, errors } = await open(browser(), `${base}/`);
      await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
      await page.locator('.search-open').click();
      await expect.poll(() => page.locator('dialog.search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
      // The field has the focus: the visitor types at once.
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('search-input');
      await search(page, 'fresnel');
      expect(await resultTitles(page)).toEqual(['The lighthouse']);
      expect(await page.locator('.search-results mark').first().textContent()).toMatch(/fresnel/i);
      await page.locator('.search-results a', { hasText: 'The lighthouse' }).click();
      await page.waitForURL(`${base}/guides/lighthouse`);
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'The lighthouse');
      // Under client navigation the page was swapped in, not loaded: the dialog closed, the search still works.
      const kept = await page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);
      expect(kept).toBe(navigation === 'client');
      expect(await page.locator('dialog.search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
      await page.keyboard.press('Control+k');
      await search(page, 'moorings');
      expect(await resultTitles(page)).toEqual(['Tides and moorings']);
      // Enter in the field follows the first result.
      await page.keyboard.press('Enter');
      await page.waitForURL(`${base}/guides/tides`);
      expect(await violations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('never finds drafts, hidden pages, the 404 page, nor words of menus and footers', { timeout: 60_000 }, async () => {
    const { page, context } = await open(browser(), `${servers.document!.url}/`);
    await page.keyboard.press('/');
    await search(page, 'zeppelin');
    expect(await page.locator('.search-status').textContent()).toBe('No results for “zeppelin”.');
    await search(page, 'quayside');
    expect(await resultTitles(page)).toEqual([]);
    // A word every indexed page has shows that the others are there: the search works, only those pages are absent.
    await search(page, 'lighthouse');
    expect(await resultTitles(page)).toEqual(['The lighthouse']);
    await context.close();
  });

  it('moves from the field to the results with the arrow keys, and Escape closes the dialog with focus back on the button', {
    timeout: 60_000,
  }, async () => {
    const { page, context } = await open(browser(), `${servers.document!.url}/`);
    await page.locator('.search-open').focus();
    await page.keyboard.press('Enter');
    await search(page, 'keel');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Tides and moorings');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('search-input');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('search-open');
    // Screen readers hear the results count from the status region.
    expect(await page.locator('.search-status').getAttribute('role')).toBe('status');
    await context.close();
  });

  it('passes axe’s WCAG A and AA rules with the dialog open and results shown', { timeout: 60_000 }, async () => {
    const { page, context } = await open(browser(), `${servers.document!.url}/`);
    await page.locator('.search-open').click();
    await search(page, 'tide');
    // Evaluated through the protocol, which the page's CSP does not govern.
    await page.evaluate(axeSource);
    const found = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> };
        }
      ).axe;
      const results = await axe.run({ include: [['dialog.search-dialog']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
      return results.violations.map((violation) => `${violation.id}: ${violation.nodes.length} nodes`);
    });
    expect(found).toEqual([]);
    // The dialog is named by its label, and the field by the same words.
    expect(await page.getByRole('dialog', { name: 'Search' }).count()).toBe(1);
    expect(await page.getByRole('searchbox', { name: 'Search' }).count()).toBe(1);
    await context.close();
  });

  it('says search needs JavaScript when it is off, and fetches nothing of Pagefind until the dialog opens', {
    timeout: 60_000,
  }, async () => {
    const off = await open(browser(), `${servers.document!.url}/`, { javaScript: false });
    expect(await off.page.locator('.search-no-js').isVisible()).toBe(true);
    expect(await off.page.locator('.search-no-js').textContent()).toBe('Search needs JavaScript.');
    expect(await off.page.locator('.search-open').isVisible()).toBe(false);
    await off.context.close();

    const { page, context } = await open(browser(), `${servers.document!.url}/`);
    const fetched: string[] = [];
    page.on('request', (request) => request.url().includes('/pagefind/') && fetched.push(request.url()));
    expect(await page.locator('.search-no-js').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(fetched).toEqual([]);
    await page.locator('.search-open').click();
    await search(page, 'tide');
    expect(fetched.some((url) => url.endsWith('/pagefind/pagefind.js'))).toBe(true);
    await context.close();
  });

  it('finds a page in its own language only: each <html lang> has its own index', { timeout: 60_000 }, async () => {
    const base = servers.languages!.url;
    const found = async (url: string, term: string) => {
      const { page, context } = await open(browser(), url, { ready: false });
      // Written as text: the test's own transform would rewrite an `import()` in a function.
      const urls = await page.evaluate(`(async () => {
        const pagefind = await import('/pagefind/pagefind.js');
        await pagefind.init();
        const found = await pagefind.search(${JSON.stringify(term)});
        return Promise.all(found.results.map(async (result) => (await result.data()).url));
      })()`);
      await context.close();
      return urls;
    };
    // Words of one language only (French stems "lanterne" to "lantern", so not those).
    expect(await found(`${base}/fr`, 'gardien')).toEqual(['/fr']);
    expect(await found(`${base}/fr`, 'keeper')).toEqual([]);
    expect(await found(`${base}/`, 'keeper')).toEqual(['/']);
    expect(await found(`${base}/`, 'gardien')).toEqual([]);
  });
});
