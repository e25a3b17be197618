import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { build } from '../../src/build.ts';
import type { Site } from '../../src/site/definition.ts';
import { diskWriter } from '../../src/output/write.ts';
import { launchChromium } from './browser.ts';
import { serveStatic } from './static-server.ts';

/** Both ways the site reaches a visitor: the built output on a static host, and the dev server. */
export const modes = () =>
  [
    ['site build', inject('buildUrl')],
    ['site serve', inject('serveUrl')],
  ] as const;

/**
 * The modes for tests of islands: both of the above with React, and the built output with the
 * islands on preact/compat (the site option `client: { runtime: 'preact' }`).
 */
export const islandModes = () => [...modes(), ['site build, preact/compat', inject('preactUrl')] as const] as const;

export interface OpenOptions {
  width?: number;
  javaScript?: boolean;
  /** A stored consent choice, so the banner stays out of the way; null leaves storage empty. */
  consent?: 'granted' | 'denied' | null;
}

/** Opens a page in a fresh context and waits until it is interactive and its islands due without a visitor are hydrated (when JavaScript is on). */
export async function openPage(
  browser: Browser,
  url: string,
  options: OpenOptions = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const { width = 1440, javaScript = true, consent = 'denied' } = options;
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript });
  if (consent)
    await context.addInitScript((value) => localStorage.getItem('ga_consent_v2') ?? localStorage.setItem('ga_consent_v2', value), consent);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  if (javaScript && url.startsWith('http')) await waitReady(page);
  return { page, context, errors };
}

/**
 * Opens a page with animation frames stalled and waits until the client has started, its islands
 * not yet hydrated: they wait for idle time or a visitor, and Preact's effects on their 100 ms
 * fallback timer, as a busy phone makes them wait, so a test can act before them. Act through
 * the DOM: Playwright's own click waits for frames.
 */
export async function openWithStalledFrames(
  browser: Browser,
  url: string,
  options: { width: number; consent: string },
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: options.width, height: 900 } });
  await context.addInitScript((consent) => {
    localStorage.setItem('ga_consent_v2', consent);
    window.requestAnimationFrame = () => 0;
  }, options.consent);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), null, { polling: 10 });
  return { page, context };
}

/**
 * Waits until the current document is interactive as a visitor finds it a moment after it loads:
 * the client has started (`data-ready`) and every island that hydrates without being reached for
 * has (those waiting for idle time, and those waiting to be visible that are in view).
 */
export async function waitReady(page: Page): Promise<void> {
  await waitStarted(page);
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')].every((root) => {
          const strategy = root.dataset.hydrate ?? 'load';
          if (strategy === 'interaction') return true;
          if (strategy !== 'visible') return false;
          return ![...root.children].some((child) => {
            const box = child.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
          });
        }),
      null,
      { timeout: 10_000, polling: 50 },
    )
    .catch(async (error: Error) => {
      const waiting = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')].map(
          (root) => `${root.dataset.island} (${root.dataset.hydrate ?? 'load'})`,
        ),
      );
      throw new Error(`${page.url()}: islands still waiting to hydrate: ${waiting.join(', ')} (${error.message.split('\n')[0]})`);
    });
}

/** Waits until the client has started (`data-ready`): startup modules have run and islands are armed, perhaps none hydrated yet. */
export async function waitStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), null, { timeout: 10_000 });
}

/** Front matter of every content file of a collection folder, read independently of the engine. */
export function contentOf(folder: string): Array<{ slug: string; data: Record<string, unknown> }> {
  const dir = path.resolve(process.env.E2E_CONTENT ?? 'content', folder);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md') && !name.startsWith('_'))
    .map((name) => ({ slug: name.replace(/\.md$/, ''), data: matter(fs.readFileSync(path.join(dir, name), 'utf8'), {}).data }));
}

/** Texts of the elements a selector matches, trimmed. */
export async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((text) => text.trim());
}

/** One Chromium for the enclosing describe block; call the returned function inside tests. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/**
 * Builds a site once for the enclosing file (in this process, no social images) and serves its
 * output; call the returned function inside tests for the server. `site` gets a scratch folder
 * of its own, for a site it writes there. The build must have no errors, and no warnings unless
 * `warnings` allows them.
 */
export function servedBuild(
  site: (scratch: string) => Site | Promise<Site>,
  options: { warnings?: boolean; timeout?: number } = {},
): () => Awaited<ReturnType<typeof serveStatic>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'served-build-'));
  let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
  beforeAll(async () => {
    const out = path.join(work, 'dist');
    const result = await build(await site(path.join(work, 'site')), diskWriter(out), {
      threads: 0,
      socialImages: false,
      cache: { dir: path.join(work, 'cache') },
    });
    const shown = options.warnings ? result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error') : result.diagnostics;
    expect(shown).toEqual([]);
    server = await serveStatic(out);
  }, options.timeout ?? 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  return () => server!;
}

/**
 * Records what goes wrong in a page: uncaught errors, console errors other than a failed
 * resource, and every response of 400 or more (which names the failed resource instead); the
 * browser asks for /favicon.ico on its own.
 */
export function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on(
    'console',
    (message) => message.type() === 'error' && !message.text().startsWith('Failed to load resource') && errors.push(message.text()),
  );
  page.on(
    'response',
    (response) =>
      response.status() >= 400 && !response.url().endsWith('/favicon.ico') && errors.push(`${response.status()} ${response.url()}`),
  );
  return errors;
}

/** The horizontal middle of the first element a selector matches, as a share of the viewport's width (0 at the left edge). */
export const middleOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return (box.left + box.width / 2) / document.documentElement.clientWidth;
    });
