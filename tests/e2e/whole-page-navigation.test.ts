/**
 * Client navigation never leaves anything stale (issue 26): after a link, back or forward, the
 * document is what a full load of its URL gives, the layout's plain (non-island) markup included;
 * an island that stays the same lives on, one whose props changed takes them. On a small site of
 * its own (tests/fixtures/navigation), built and served as a static host would, under its CSP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { diskWriter } from '../../src/output/write.ts';
import { createNavigationSite } from '../fixtures/navigation/site.tsx';
import { hasBrowser } from './browser.ts';
import { recordErrors, useBrowser, waitReady } from './helpers.ts';
import { serveStatic } from './static-server.ts';

let work: string | undefined;
let server: { url: string; close(): Promise<void> } | undefined;
const base = () => server!.url;

beforeAll(async () => {
  if (!hasBrowser) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-navigation-e2e-'));
  const dist = path.join(work, 'dist');
  const result = await build(createNavigationSite('client'), diskWriter(dist), { threads: 0 });
  if (result.diagnostics.length) throw new Error(`the navigation fixture failed to build: ${JSON.stringify(result.diagnostics)}`);
  server = await serveStatic(dist);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** What a visitor, a crawler or a screen reader reads of the document, outside the islands. */
const stateOf = (page: Page) =>
  page.evaluate(() => {
    const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
    return {
      lang: document.documentElement.lang,
      title: document.title,
      description: meta('meta[name=description]'),
      robots: meta('meta[name=robots]'),
      ogTitle: meta('meta[property="og:title"]'),
      ogUrl: meta('meta[property="og:url"]'),
      canonical: document.head.querySelector('link[rel=canonical]')?.getAttribute('href') ?? null,
      current: [...document.querySelectorAll('nav[aria-label=Main] [aria-current]')].map(
        (link) => `${link.textContent}=${link.getAttribute('aria-current')}`,
      ),
      crumbs: document.querySelector('.crumbs')?.textContent ?? null,
      footer: document.querySelector('footer')?.textContent ?? null,
      headings: document.querySelectorAll('h1').length,
      heading: document.querySelector('h1')?.textContent ?? null,
      h1Color: getComputedStyle(document.querySelector('h1')!).color,
      headElements: document.head.children.length,
    };
  });

/** The state of a full load of `url`, in a page of its own. */
async function fullLoad(browser: Browser, url: string) {
  const page = await browser.newPage();
  await page.goto(url);
  const state = await stateOf(page);
  await page.close();
  return state;
}

/** Opens `url` watching for CSP violations; `window.kept` survives only navigations that do not reload. */
async function open(browser: Browser, url: string, options: { reducedMotion?: 'reduce' | 'no-preference'; cutShort?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  await context.addInitScript((cutShort) => {
    const scope = window as unknown as { violations: string[]; transitions: number };
    scope.violations = [];
    scope.transitions = 0;
    document.addEventListener('securitypolicyviolation', (event) => scope.violations.push(event.violatedDirective));
    const start = (document as unknown as { startViewTransition?: (update: () => void) => unknown }).startViewTransition;
    if (start)
      (document as unknown as { startViewTransition: typeof start }).startViewTransition = function (this: Document, update) {
        scope.transitions += 1;
        const transition = start.call(this, update);
        // Another transition at once, as the next click would start it, skips this one before its animation.
        if (cutShort) start.call(this, () => {});
        return transition;
      };
  }, options.cutShort ?? false);
  const page = await context.newPage();
  const errors = recordErrors(page);
  await page.goto(url);
  await waitReady(page);
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  return { page, context, errors };
}

const kept = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);
const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
const transitions = (page: Page) => page.evaluate(() => (window as unknown as { transitions: number }).transitions);
const swapped = (page: Page, heading: string) =>
  page.waitForFunction((text) => document.querySelector('h1')?.textContent === text && document.activeElement?.tagName === 'H1', heading);

describe.skipIf(!hasBrowser)('client navigation of the whole page', () => {
  const browser = useBrowser();

  it('leaves the document as a full load gives it after a link, back and forward: the plain nav’s aria-current, title, meta, lang, breadcrumbs, footer', {
    timeout: 120_000,
  }, async () => {
    const { page, context, errors } = await open(browser(), `${base()}/`);
    const expected = {
      home: await fullLoad(browser(), `${base()}/`),
      blog: await fullLoad(browser(), `${base()}/blog`),
      quiet: await fullLoad(browser(), `${base()}/quiet`),
    };
    // The fixture's pages differ where a stale document would show it.
    expect(expected.blog.current).toEqual(['Blog=page']);
    expect(expected.quiet.robots).toBe('noindex');
    expect(expected.home.robots).toBeNull();
    expect(await stateOf(page)).toEqual(expected.home);
    // Something a page left behind on <html>: the next page's attributes replace it.
    await page.evaluate(() => (document.documentElement.lang = 'fr'));

    await page.locator('nav[aria-label=Main] a', { hasText: 'Blog' }).click();
    await page.waitForURL(`${base()}/blog`);
    await swapped(page, 'Blog');
    expect(await stateOf(page)).toEqual(expected.blog);
    expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);

    await page.locator('nav[aria-label=Main] a', { hasText: 'Quiet' }).click();
    await swapped(page, 'Quiet');
    expect(await stateOf(page)).toEqual(expected.quiet);

    await page.goBack();
    await swapped(page, 'Blog');
    expect(await stateOf(page)).toEqual(expected.blog);
    await page.goBack();
    await swapped(page, 'Home');
    expect(await stateOf(page)).toEqual(expected.home);
    await page.goForward();
    await swapped(page, 'Blog');
    expect(await stateOf(page)).toEqual(expected.blog);

    expect(await kept(page)).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies the stylesheet the next page needs and drops the one it does not, under the CSP', async () => {
    const { page, context } = await open(browser(), `${base()}/`);
    const colors = {
      home: (await fullLoad(browser(), `${base()}/`)).h1Color,
      about: (await fullLoad(browser(), `${base()}/about`)).h1Color,
    };
    expect(colors.about).not.toBe(colors.home);
    await page.locator('nav[aria-label=Main] a', { hasText: 'About' }).click();
    await swapped(page, 'About');
    expect((await stateOf(page)).h1Color).toBe(colors.about);
    await page.locator('nav[aria-label=Main] a', { hasText: 'Blog' }).click();
    await swapped(page, 'Blog');
    expect((await stateOf(page)).h1Color).toBe(colors.home);
    expect(await page.locator('link[rel=stylesheet][href*="/assets/about-"], style[data-href*="/assets/about-"]').count()).toBe(0);
    expect(await kept(page)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('keeps an island with the same props alive, hands new props to one whose props changed, and drops them with the page', async () => {
    const { page, context, errors } = await open(browser(), `${base()}/`);
    const counter = page.locator('button.counter');
    const note = page.locator('button.note');
    await counter.click();
    await counter.click();
    await note.click();
    expect(await counter.innerText()).toBe('Clicks: 2');
    expect(await note.innerText()).toBe('Note on Home: 1');
    // Marks the very elements: only those moved, never re-created, keep it.
    await page.evaluate(() => {
      for (const button of document.querySelectorAll('button')) (button as unknown as { mark: boolean }).mark = true;
    });
    const marked = (selector: string) =>
      page.locator(selector).evaluate((button) => (button as unknown as { mark?: boolean }).mark === true);

    await page.locator('nav[aria-label=Main] a', { hasText: 'Blog' }).click();
    await swapped(page, 'Blog');
    expect(await counter.innerText()).toBe('Clicks: 2');
    expect(await marked('button.counter')).toBe(true);
    // New props, same state.
    expect(await note.innerText()).toBe('Note on Blog: 1');
    expect(await marked('button.note')).toBe(true);
    await counter.click();
    expect(await counter.innerText()).toBe('Clicks: 3');

    // A page without them, then back: new islands, hydrated afresh.
    await page.locator('nav[aria-label=Main] a', { hasText: 'Quiet' }).click();
    await swapped(page, 'Quiet');
    expect(await page.locator('[data-island]').count()).toBe(0);
    await page.goBack();
    await swapped(page, 'Blog');
    await page.waitForSelector('[data-island="Counter"][data-hydrated]');
    expect(await marked('button.counter')).toBe(false);
    expect(await counter.innerText()).toBe('Clicks: 0');
    await counter.click();
    expect(await counter.innerText()).toBe('Clicks: 1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('animates the swap with a view transition, and not when the visitor prefers reduced motion', async () => {
    for (const [reducedMotion, count] of [
      ['no-preference', 1],
      ['reduce', 0],
    ] as const) {
      const { page, context } = await open(browser(), `${base()}/`, { reducedMotion });
      expect(await page.evaluate(() => 'startViewTransition' in document)).toBe(true);
      await page.locator('nav[aria-label=Main] a', { hasText: 'Blog' }).click();
      await swapped(page, 'Blog');
      expect(await transitions(page), reducedMotion).toBe(count);
      expect(await kept(page)).toBe(true);
      await context.close();
    }
  });

  it('swaps the page without an error when the next navigation cuts its animation short', async () => {
    const { page, context, errors } = await open(browser(), `${base()}/`, { cutShort: true });
    await page.locator('nav[aria-label=Main] a', { hasText: 'Blog' }).click();
    await swapped(page, 'Blog');
    expect(await stateOf(page)).toEqual(await fullLoad(browser(), `${base()}/blog`));
    expect(await transitions(page)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
