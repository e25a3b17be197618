import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/site/load.ts';
import { hasBrowser } from './browser.ts';
import { useBrowser, servedBuild, waitReady } from './helpers.ts';

// The guide's documentation-site example (docs/examples/documentation-site), built and served
// under its real Content-Security-Policy: the copy button and the code colours of issue 40.
const server = servedBuild(() => loadSite(path.resolve('docs/examples/documentation-site')));

const PAGE = '/guide/code-blocks';

describe.skipIf(!hasBrowser)('a documentation site’s code blocks in the browser', () => {
  const browser = useBrowser();

  it('copies a block’s code with the hydrated button, with no hydration or CSP complaint', async () => {
    const context = await browser().newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server().url });
    const page = await context.newPage();
    const complaints: string[] = [];
    // A missing resource is told by its response below (the example has no favicon, which the browser asks for).
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type()) && !message.text().startsWith('Failed to load resource'))
        complaints.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico')
        complaints.push(`${response.status()} ${response.url()}`);
    });
    page.on('pageerror', (error) => complaints.push(error.message));
    await page.goto(`${server().url}${PAGE}`);
    const button = page.locator('figure.code-block').first().locator('button.copy-code');
    await waitReady(page);
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.locator('figure.code-block').first().locator('pre code').textContent());
    expect(copied.startsWith("import { useState } from 'react';\nexport default function App() {")).toBe(true);
    expect(complaints).toEqual([]);
    await context.close();
  });

  const LIGHT = 'rgb(255, 255, 255)';
  const DARK = 'rgb(13, 17, 23)';
  it.each([
    ['light', 'dark', LIGHT, DARK],
    ['dark', 'light', DARK, LIGHT],
  ] as const)(
    'gives code, when the visitor prefers %s, the %s theme under the site’s selector',
    async (colorScheme, toggled, before, after) => {
      const context = await browser().newContext({ colorScheme, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${server().url}${PAGE}`);
      const background = () =>
        page
          .locator('pre.shiki')
          .first()
          .evaluate((pre) => getComputedStyle(pre).backgroundColor);
      expect(await background()).toBe(before);
      await page.evaluate((theme) => document.documentElement.setAttribute('data-theme', theme), toggled);
      expect(await background()).toBe(after);
      await context.close();
    },
  );

  it('draws one + or - before a changed line, its number before every numbered line, and fits a block to a 390 px screen', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server().url}${PAGE}`);
    const markers = (selector: string) =>
      page.locator(selector).evaluateAll((lines) => lines.map((line) => getComputedStyle(line, '::before').content));
    // counter.js: ins={3} del={2} showLineNumbers; the diff block's text has its own + and -.
    expect(await markers('pre.line-numbers .line')).toEqual(['counter(line)', 'counter(line) " -"', 'counter(line) " +"']);
    expect(await markers('pre[data-language="diff"] .line')).toEqual(['none', 'none']);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    const block = page.locator('figure.code-block').first();
    const frame = await block.boundingBox();
    // The block and its caption's frame stand inside the page's margins, not cut by the screen's edge.
    expect(frame!.x).toBeGreaterThan(0);
    expect(frame!.x + frame!.width).toBeLessThan(390);
    // Its long line scrolls inside the block.
    expect(
      await block.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth && getComputedStyle(pre).overflowX === 'auto'),
    ).toBe(true);
    await context.close();
  });
});
