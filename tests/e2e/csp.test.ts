import http from 'node:http';
import fg from 'fast-glob';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCsp, serializeCsp } from '../../src/security/csp.ts';
import { findInlineCode } from '../../src/security/inline-code.ts';
import { hasBrowser } from './browser.ts';
import { modes, useBrowser, waitReady } from './helpers.ts';

declare global {
  interface Window {
    /** CSP violations seen on the page, collected from the first script on. */
    __cspViolations: string[];
  }
}

/**
 * One page of every kind the site has: each top-level page, each page of a small folder, and one
 * page standing for a folder of many (a collection's detail pages), plus an unknown URL for the
 * not-found page. Found from the built output, so a new template is covered without a list here.
 */
function onePagePerKind(distDir: string): string[] {
  const urls = fg.sync('**/index.html', { cwd: distDir }).map((file) => `/${file.replace(/\/?index\.html$/, '')}`);
  const byFolder = Map.groupBy(urls, (url) => url.slice(0, url.lastIndexOf('/')));
  const picked = [...byFolder].flatMap(([folder, inFolder]) => (folder && inFolder.length > 2 ? [inFolder.sort()[0]!] : inFolder));
  return [...picked.sort(), '/no-such-page'];
}

/** Opens a page that records CSP violations and console complaints from its first byte. */
async function openWatched(
  browser: Browser,
  url: string,
): Promise<{ page: Page; context: BrowserContext; complaints: string[]; csp: string | undefined }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    localStorage.getItem('ga_consent_v2') ?? localStorage.setItem('ga_consent_v2', 'denied');
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolations.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  const page = await context.newPage();
  const complaints: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /Content[- ]Security[- ]Policy|Permissions-Policy/i.test(text))
      complaints.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`));
  const response = await page.goto(url);
  return { page, context, complaints, csp: (await response?.allHeaders())?.['content-security-policy'] };
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations);

describe.skipIf(!hasBrowser)('the Content-Security-Policy holds in the browser', () => {
  const browser = useBrowser();
  const pages = hasBrowser ? onePagePerKind(inject('distDir')) : [];

  describe.each(modes())('%s', (_mode, base) => {
    it.each(pages)('%s runs without a CSP violation, a Permissions-Policy warning or a console error', async (pathname) => {
      const { page, context, complaints, csp } = await openWatched(browser(), `${base}${pathname}`);
      expect(csp).toMatch(/default-src 'none'; script-src 'self'[^;]*;/);
      expect(csp).not.toContain('unsafe-inline');
      await waitReady(page);
      // Exercise what runs later: lazy images while scrolling, prefetch on hover.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 700) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      await page
        .locator('main a[href^="/"]')
        .first()
        .hover({ timeout: 2_000 })
        .catch(() => {});
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
      expect(complaints.filter((c) => !(pathname === '/no-such-page' && /404/.test(c)))).toEqual([]);
      await context.close();
    });

    it('stays clean across in-place navigation, which fetches and swaps pages', async () => {
      const { page, context, complaints } = await openWatched(browser(), `${base}/`);
      await waitReady(page);
      await page.locator('.footer-nav a', { hasText: 'Team' }).click();
      await page.waitForURL(`${base}/about/team`);
      await page.locator('main a[href^="/about/team/"]').first().click();
      await page.waitForURL(/\/about\/team\/.+/);
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
      expect(complaints).toEqual([]);
      await context.close();
    });

    it('blocks inline code that markup smuggles in, and the watch above sees it', async () => {
      const { page, context } = await openWatched(browser(), `${base}/`);
      await waitReady(page);
      const ran = await page.evaluate(async () => {
        (window as unknown as { pwned?: boolean }).pwned = false;
        document.body.insertAdjacentHTML(
          'beforeend',
          '<img src="/nowhere.png" onerror="window.pwned = true"><p style="color: rgb(255, 0, 0)">x</p>',
        );
        const script = document.createElement('script');
        script.textContent = 'window.pwned = true';
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return (window as unknown as { pwned: boolean }).pwned;
      });
      expect(ran).toBe(false);
      const seen = await violations(page);
      expect(seen.some((v) => v.startsWith('script-src-attr'))).toBe(true);
      expect(seen.some((v) => v.startsWith('script-src-elem'))).toBe(true);
      expect(seen.some((v) => v.startsWith('style-src-attr'))).toBe(true);
      await context.close();
    });
  });

  describe('hashes computed at build time', () => {
    let server: http.Server;
    let url: string;
    beforeAll(async () => {
      // A page with two inline scripts and a style element, under a policy hashing only the first script and the style.
      const allowed = "document.documentElement.dataset.allowed = 'ran';";
      const page = `<!DOCTYPE html><html lang="en"><head><title>t</title><style>p{color:rgb(0, 128, 0)}</style><script>${allowed}</script></head><body><p>x</p><script>document.documentElement.dataset.other = 'ran';</script></body></html>`;
      const hashes = findInlineCode([
        {
          path: 'index.html',
          contents: `<!DOCTYPE html><html><head><style>p{color:rgb(0, 128, 0)}</style><script>${allowed}</script></head></html>`,
        },
      ]);
      const csp = serializeCsp(buildCsp({}, hashes));
      server = http.createServer((_, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
        response.end(page);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('let exactly the hashed inline script and style apply in Chromium', async () => {
      const { page, context } = await openWatched(browser(), url);
      expect(await page.evaluate(() => document.documentElement.dataset.allowed)).toBe('ran');
      expect(await page.evaluate(() => document.documentElement.dataset.other)).toBeUndefined();
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('p')!).color)).toBe('rgb(0, 128, 0)');
      expect((await violations(page)).filter((v) => v.startsWith('script-src-elem'))).toHaveLength(1);
      await context.close();
    });
  });
});
