import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRasterContent } from '../fixtures/images/raster-site.ts';
import { hasBrowser, launchChromium } from './browser.ts';
import { startDevServer } from './global-setup.ts';
import { waitReady } from './helpers.ts';
import { serveStatic } from './static-server.ts';

/**
 * The real templates over a content folder with raster images (the real site has only SVGs), built
 * with `site build` and served statically, and served by `site serve`: both ways a visitor gets it.
 */
const servers: Record<string, string> = {};
let browser: Browser;
let work: string;
let devServer: ChildProcess | undefined;
let staticServer: { close(): Promise<void> } | undefined;

beforeAll(async () => {
  if (!hasBrowser) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-images-e2e-'));
  const content = await writeRasterContent(path.join(work, 'content'));
  const dist = path.join(work, 'dist');
  const built = spawnSync(path.resolve('bin/site'), ['build', '--content', content, '--out', dist], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`site build failed:\n${built.stdout}${built.stderr}`);
  const served = await serveStatic(dist);
  staticServer = served;
  servers['site build'] = served.url;
  const dev = await startDevServer(['serve', '--port', '0', '--content', content]);
  devServer = dev.child;
  servers['site serve'] = dev.url;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  devServer?.kill('SIGTERM');
  await staticServer?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

interface OpenOptions {
  width?: number;
  height?: number;
  javaScript?: boolean;
  /** Set up before the page loads (request routing). */
  before?(page: Page): Promise<unknown>;
}

/** Opens a page with the consent banner out of the way, and waits for hydration when JavaScript is on. */
async function open(url: string, { width = 1440, height = 900, javaScript = true, before }: OpenOptions = {}) {
  const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: javaScript });
  await context.addInitScript(() => localStorage.setItem('ga_consent_v2', 'denied'));
  const page = await context.newPage();
  await before?.(page);
  await page.goto(url);
  if (javaScript) await waitReady(page);
  return { page, close: () => context.close() };
}

/** Waits until the image matched by the selector has settled: loaded, or swapped to its fallback and loaded. */
async function settled(page: Page, selector: string) {
  await page.waitForFunction(
    (s) => {
      const img = document.querySelector<HTMLImageElement>(s);
      return !!img && img.complete && img.hasAttribute('data-loaded');
    },
    selector,
    { timeout: 15_000 },
  );
  return page.$eval(selector, (img: HTMLImageElement) => ({
    currentSrc: img.currentSrc,
    naturalWidth: img.naturalWidth,
    loading: img.getAttribute('loading'),
    fetchPriority: img.getAttribute('fetchpriority'),
    failed: img.hasAttribute('data-failed'),
    sources: img.parentElement?.tagName === 'PICTURE' ? img.parentElement.querySelectorAll('source').length : null,
  }));
}

const COVER = '.article-cover';

describe.skipIf(!hasBrowser).each(['site build', 'site serve'])('responsive images (%s)', (mode) => {
  const base = () => servers[mode]!;

  it('picks the AVIF variant of a raster image, sized for the viewport', async () => {
    const { page, close } = await open(`${base()}/blogs/first-post`, { width: 390 });
    const cover = await settled(page, COVER);
    expect(cover.currentSrc).toMatch(/\/assets\/images\/photo-\d+\.[0-9a-f]{10}\.avif$/);
    expect(cover.naturalWidth).toBeGreaterThan(0);
    expect(cover.failed).toBe(false);
    // 390 CSS px at a device pixel ratio of 1 needs nothing wider than the 400 px variant.
    expect(cover.currentSrc).toMatch(/photo-400\./);
    await close();
  });

  it('shows the picture with JavaScript off too, without a loading state to clear', async () => {
    const { page, close } = await open(`${base()}/blogs/first-post`, { javaScript: false });
    await page.waitForFunction((s) => document.querySelector<HTMLImageElement>(s)?.complete, COVER);
    const cover = await page.$eval(COVER, (img: HTMLImageElement) => ({
      src: img.currentSrc,
      width: img.naturalWidth,
      background: getComputedStyle(img).backgroundImage,
    }));
    expect(cover.src).toMatch(/\.avif$/);
    expect(cover.width).toBeGreaterThan(0);
    expect(cover.background).toBe('none');
    await close();
  });

  it('replaces a raster image that fails with the error image, dropping the <source> elements the browser would keep choosing', async () => {
    const { page, close } = await open(`${base()}/blogs/first-post`, {
      before: (p) => p.route('**/assets/images/**', (route) => route.abort()),
    });
    const cover = await settled(page, COVER);
    expect(cover.failed).toBe(true);
    expect(cover.currentSrc).toMatch(/\/images\/error\.svg$/);
    expect(cover.naturalWidth).toBeGreaterThan(0);
    expect(cover.sources).toBe(0);
    await close();
  });

  it('replaces a failing SVG the same way', async () => {
    const { page, close } = await open(`${base()}/projects/gamma`, {
      before: (p) => p.route('**/images/pic.svg', (route) => route.abort()),
    });
    const cover = await settled(page, COVER);
    expect([cover.failed, cover.sources]).toEqual([true, null]);
    expect(cover.currentSrc).toMatch(/\/images\/error\.svg$/);
    await close();
  });

  it('loads the page’s largest image first: eager, high priority, and the only one so marked', async () => {
    const requests = new Map<string, string>();
    const { page, close } = await open(`${base()}/blogs/first-post`, {
      async before(p) {
        // Chromium's own verdict on each request's priority, from the DevTools protocol.
        const cdp = await p.context().newCDPSession(p);
        cdp.on('Network.requestWillBeSent', (event) => requests.set(event.request.url, event.request.initialPriority));
        await cdp.send('Network.enable');
      },
    });
    const cover = await settled(page, COVER);
    expect([cover.loading, cover.fetchPriority]).toEqual(['eager', 'high']);
    const images = await page.$$eval('img', (imgs) =>
      imgs.map((img) => ({
        area: img.width * img.height,
        priority: img.getAttribute('fetchpriority'),
        cover: img.matches('.article-cover'),
      })),
    );
    expect(images.filter((img) => img.priority === 'high')).toEqual([expect.objectContaining({ cover: true })]);
    expect(Math.max(...images.map((img) => img.area))).toBe(images.find((img) => img.cover)!.area);
    expect(requests.get(cover.currentSrc)).toMatch(/^(High|VeryHigh)$/);
    await close();
  });

  it('loads images below the fold lazily, and none of those above it', async () => {
    const { page, close } = await open(`${base()}/projects`, { width: 390, height: 700 });
    const images = await page.$$eval('main img', (imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src'),
        top: img.getBoundingClientRect().top + scrollY,
        loading: img.getAttribute('loading'),
      })),
    );
    const below = images.filter((img) => img.top >= 700);
    expect(below.length).toBeGreaterThan(0);
    for (const img of below) expect(img.loading, img.src!).toBe('lazy');
    expect(images.filter((img) => img.loading === 'eager' && img.top >= 700)).toEqual([]);
    await close();
  });

  it('keeps every image’s box the same before and after it loads: width and height are known up front', async () => {
    const { page, close } = await open(`${base()}/projects`, {
      // Hold every image back, so the layout can be measured while none has arrived.
      before: (p) =>
        p.route(/\/(assets\/)?images\//, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue().catch(() => undefined);
        }),
    });
    const boxes = () =>
      page.$$eval('main img', (imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          src: img.getAttribute('src'),
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          box: [img.offsetWidth, img.offsetHeight],
        })),
      );
    const before = await boxes();
    expect(before.length).toBeGreaterThan(0);
    for (const img of before) {
      expect(Number(img.width), img.src!).toBeGreaterThan(0);
      expect(Number(img.height), img.src!).toBeGreaterThan(0);
      expect(img.box[1], `${img.src} has no height before it loads`).toBeGreaterThan(0);
    }
    await page.evaluate(() =>
      Promise.all([...document.querySelectorAll('main img')].map((img) => (img as HTMLImageElement).decode().catch(() => undefined))),
    );
    expect(await boxes()).toEqual(before);
    await close();
  });
});
