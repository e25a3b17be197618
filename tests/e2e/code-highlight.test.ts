import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { modes, useBrowser } from './helpers.ts';

/** The insight article with a SQL sample (content/blogs/…), highlighted at build time. */
const ARTICLE = '/blogs/dataops-platform-vs-diy-devops-for-snowflake';
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The code block's colours as the browser computes them: its background, its text, and each token's. */
async function colours(page: Page) {
  return page
    .locator('pre.shiki')
    .first()
    .evaluate((pre) => ({
      background: getComputedStyle(pre).backgroundColor,
      text: getComputedStyle(pre).color,
      tokens: [...new Set([...pre.querySelectorAll('span.line > span')].map((span) => getComputedStyle(span).color))],
    }));
}

describe.skipIf(!hasBrowser)('highlighted code on the firm’s site', () => {
  const browser = useBrowser();

  describe.each(modes())('%s', (_mode, base) => {
    it.each(['light', 'dark'] as const)(
      'shows the article’s SQL highlighted with JavaScript off, in the %s scheme, with no CSP complaint',
      async (colorScheme) => {
        const context = await browser().newContext({ javaScriptEnabled: false, colorScheme, viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        const complaints: string[] = [];
        page.on('console', (message) => complaints.push(`${message.type()}: ${message.text()}`));
        const response = await page.goto(`${base}${ARTICLE}`);
        expect((await response?.allHeaders())?.['content-security-policy']).toMatch(/style-src 'self'/);
        const { background, text, tokens } = await colours(page);
        // The theme's own background (github-light-default #ffffff, github-dark-default #0d1117), and several token colours.
        expect(background).toBe(colorScheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(13, 17, 23)');
        expect(tokens.length).toBeGreaterThanOrEqual(3);
        expect(tokens).toContain(text);
        expect(await page.locator('pre.shiki [style]').count()).toBe(0);
        expect(complaints).toEqual([]);
        await context.close();
      },
    );
  });

  it('shows the code block without a CSP violation when scripts run', async () => {
    const context = await browser().newContext({ colorScheme: 'dark' });
    await context.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { violations: string[] }).violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    await page.goto(`${inject('buildUrl')}${ARTICLE}`);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));
    expect(await page.locator('pre.shiki').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await context.close();
  });

  it.each([
    [390, 'light'],
    [390, 'dark'],
    [1440, 'light'],
    [1440, 'dark'],
  ] as const)('passes axe’s contrast rule on the code at %i px, %s', async (width, colorScheme) => {
    const context = await browser().newContext({ colorScheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${inject('buildUrl')}${ARTICLE}`);
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> };
        }
      ).axe;
      const results = await axe.run(
        { include: [['pre.shiki']] },
        { runOnly: { type: 'rule', values: ['color-contrast', 'scrollable-region-focusable'] } },
      );
      return results.violations.map((violation) => `${violation.id}: ${violation.nodes.length} nodes`);
    });
    expect(violations).toEqual([]);
    await context.close();
  });

  it('carries the highlighted markup, well formed, in the feeds', () => {
    const dist = inject('distDir');
    const rss = fs.readFileSync(path.join(dist, 'blogs/rss.xml'), 'utf8');
    expect(XMLValidator.validate(rss)).toBe(true);
    const items = new XMLParser().parse(rss).rss.channel.item as Array<{ link: string; 'content:encoded': string }>;
    const item = items.find((entry) => entry.link.endsWith(ARTICLE))!;
    expect(item['content:encoded']).toContain('<pre class="shiki" tabindex="0" data-language="sql"><code><span class="line">');
    expect(XMLValidator.validate(`<div>${item['content:encoded']}</div>`)).toBe(true);
  });
});
