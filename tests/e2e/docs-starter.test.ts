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

// The documentation starter of `site init docs` (src/init/starters/docs), as `site init` writes
// it, built and served under its real Content-Security-Policy (issue 40, point 7).
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-starter-e2e-'));
let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
/** The same starter with its one line `const search = true;`. */
let searchServer: Awaited<ReturnType<typeof serveStatic>> | undefined;

async function buildStarter(name: string, search: boolean) {
  const root = path.join(work, name);
  scaffold(root, 'docs');
  if (search) {
    const config = path.join(root, 'site.config.tsx');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('const search = false;', 'const search = true;'));
  }
  const out = path.join(work, `${name}-dist`);
  const result = await build(await loadSite(root), diskWriter(out), {
    threads: 0,
    socialImages: false,
    cache: { dir: path.join(work, `${name}-cache`) },
  });
  expect(result.diagnostics).toEqual([]);
  return serveStatic(out);
}

beforeAll(async () => {
  server = await buildStarter('site', false);
  searchServer = await buildStarter('with-search', true);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await searchServer?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const CODE_PAGE = '/guides/code-blocks';
const CODE_LIGHT = 'rgb(255, 255, 255)';
const CODE_DARK = 'rgb(13, 17, 23)';

const codeBackground = (page: Page) =>
  page
    .locator('pre.shiki')
    .first()
    .evaluate((pre) => getComputedStyle(pre).backgroundColor);

/** WCAG's contrast ratio of two computed colours, `rgb(…)` or (what color-mix() computes to) `color(srgb …)`. */
function contrast(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const scale = colour.startsWith('color(srgb') ? 1 : 255;
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number) as [number, number, number];
    const linear = (channel: number) => {
      const c = channel / scale;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.skipIf(!hasBrowser)('the documentation starter in the browser', () => {
  const browser = useBrowser();

  it('switches the theme with its toggle, code included, keeps the choice, and applies it before the page is drawn', async () => {
    const context = await browser().newContext({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
    // When the <body> is first parsed, which theme <html> has: a theme applied later would show the other one first.
    await context.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (!document.body) return;
        (window as unknown as { themeAtBody: string }).themeAtBody = document.documentElement.dataset.theme ?? 'none';
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const complaints: string[] = [];
    page.on('console', (message) => ['error', 'warning'].includes(message.type()) && complaints.push(message.text()));
    page.on('pageerror', (error) => complaints.push(error.message));
    await page.goto(`${server!.url}${CODE_PAGE}`);
    await waitReady(page);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await codeBackground(page)).toBe(CODE_LIGHT);

    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await codeBackground(page)).toBe(CODE_DARK);

    await page.goto(`${server!.url}/start/installation`);
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe('dark');
    expect(await codeBackground(page)).toBe(CODE_DARK);
    await waitReady(page);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(() => codeBackground(page)).toBe(CODE_LIGHT);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the system theme, no toggle or copy button that would do nothing, a menu that opens', async () => {
    const context = await browser().newContext({ colorScheme: 'dark', javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server!.url}${CODE_PAGE}`);
    expect(await codeBackground(page)).toBe(CODE_DARK);
    expect(await page.locator('.theme-toggle').isVisible()).toBe(false);
    expect(await page.locator('.copy-code').first().isVisible()).toBe(false);
    const link = page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Installation' });
    expect(await link.isVisible()).toBe(false);
    await page.getByText('Menu', { exact: true }).click();
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL('**/start/installation');
    expect(await page.locator('h1').textContent()).toBe('Installation');
    await context.close();
  });

  it.each([390, 1440])(
    'fits %i px: no sideways scrolling, the sidebar and contents folded on a phone, open beside the page on a desktop',
    async (width) => {
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const url of ['/', '/start/first-page', CODE_PAGE]) {
        await page.goto(`${server!.url}${url}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(width);
      }
      const sidebarLink = page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Writing pages' });
      const contentsLink = page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Line numbers' });
      expect(await sidebarLink.isVisible()).toBe(width > 390);
      expect(await contentsLink.isVisible()).toBe(width > 390);
      expect(await page.getByText('Menu', { exact: true }).isVisible()).toBe(width === 390);
      await context.close();
    },
  );

  it('has its landmarks, headings in order, and text that reads in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser().newContext({ colorScheme, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server!.url}/guides/writing-pages`);
      for (const role of ['banner', 'main'] as const) expect(await page.getByRole(role).count(), role).toBe(1);
      for (const name of ['Documentation', 'On this page', 'Previous and next page'])
        expect(await page.getByRole('navigation', { name }).count(), name).toBe(1);
      const levels = await page.locator('h1, h2, h3, h4').evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      for (const [i, level] of levels.entries()) if (i > 0) expect(level - levels[i - 1]!).toBeLessThanOrEqual(1);

      // Each kind of text against what it is drawn on.
      const pairs = await page.evaluate(() => {
        const background = (element: Element): string => {
          for (let at: Element | null = element; at; at = at.parentElement) {
            const colour = getComputedStyle(at).backgroundColor;
            if (colour !== 'rgba(0, 0, 0, 0)') return colour;
          }
          return getComputedStyle(document.documentElement).backgroundColor;
        };
        const selectors = [
          '.prose p',
          '.site-name',
          '.sidebar li a:not([aria-current])',
          '.sidebar a[aria-current="page"]',
          '.sidebar-label',
          '.toc a',
          '.prose a',
          '.callout-note .callout-title',
          '.callout-tip .callout-title',
          '.callout-caution .callout-title',
          '.callout-danger .callout-title',
          '.callout-danger',
          '.pager-direction',
          '.code-title',
        ];
        return selectors.map((selector) => {
          const element = document.querySelector(selector);
          return element ? { selector, color: getComputedStyle(element).color, background: background(element) } : { selector };
        });
      });
      for (const pair of pairs) {
        expect(pair.color, `${pair.selector} is on the page`).toBeDefined();
        expect(contrast(pair.color!, pair.background!), `${colorScheme}: ${pair.selector}`).toBeGreaterThanOrEqual(4.5);
      }
      await context.close();
    }
  });

  it('with search on, finds a page by a word typed in the header’s search and follows the result to it', { timeout: 60_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${searchServer!.url}/`);
    await waitReady(page);
    await page.locator('.header-actions .search-open').click();
    await page.locator('.search-input').fill('callout');
    await page.waitForFunction(() => /results? for “callout”/.test(document.querySelector('.search-status')?.textContent ?? ''));
    await page.locator('.search-results a', { hasText: 'Writing pages' }).click();
    await page.waitForURL(`${searchServer!.url}/guides/writing-pages`);
    expect(await page.locator('h1').textContent()).toBe('Writing pages');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with search off, ships nothing of it: no button, no Pagefind, no island code', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${server!.url}/`);
    await waitReady(page);
    await page.keyboard.press('Control+k');
    expect(await page.locator('.search-open, .search-dialog, [data-island="Search"]').count()).toBe(0);
    expect(requested.filter((url) => /pagefind|search/i.test(url))).toEqual([]);
    expect((await fetch(`${server!.url}/pagefind/pagefind.js`)).status).toBe(404);
    await context.close();
  });
});
