import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { startDevServer, stopDevServer } from './global-setup.ts';
import type { Browser } from 'playwright-core';
import { useBrowser } from './helpers.ts';
import { serveStatic } from './static-server.ts';

const BIN = path.resolve('bin/site');
const example = (name: string) => path.resolve('docs/examples', name);

/** Builds one of the guide's examples with the CLI and serves it as a static host would, under its `_headers`. */
async function buildAndServe(name: string, out: string) {
  const built = spawnSync(BIN, ['build', '--root', example(name), '--out', out], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`site build of ${name} failed:\n${built.stdout}${built.stderr}`);
  return serveStatic(out);
}

/**
 * Opens a page, recording console errors and every response that is not found but the icon
 * Chromium asks every site for (the examples have none).
 */
async function open(browser: Browser, url: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  const missing: string[] = [];
  page.on('console', (message) => message.type() === 'error' && !message.text().includes('404') && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => response.status() === 404 && !response.url().endsWith('/favicon.ico') && missing.push(response.url()));
  await page.goto(url);
  return { page, context, errors, missing };
}

describe.skipIf(!hasBrowser)('drafts and redirects in the browser', () => {
  const browser = useBrowser();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'drafts-redirects-'));
  let moved: Awaited<ReturnType<typeof serveStatic>>;
  let dev: { child: ChildProcess; url: string };

  beforeAll(async () => {
    moved = await buildAndServe('redirects', path.join(work, 'redirects'));
    dev = await startDevServer(['--root', example('drafts'), 'serve', '--port', '0']);
  });
  afterAll(async () => {
    await moved?.close();
    if (dev) await stopDevServer(dev.child);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a redirect page sends the visitor on under the Content-Security-Policy, with no script', async () => {
    const { page, context, errors, missing } = await open(browser(), `${moved.url}/team`, false);
    await page.waitForURL(`${moved.url}/about/team`, { timeout: 10_000 });
    expect(await page.locator('h1').innerText()).toBe('The team');
    expect(errors).toEqual([]);
    expect(missing).toEqual([]);
    await context.close();
  });

  it('site serve shows a draft, marked as one, also when reached by client-side navigation', async () => {
    const { page, context, errors, missing } = await open(browser(), `${dev.url}/`);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), null, { timeout: 10_000 });
    expect(await page.locator('[data-draft-notice]').count()).toBe(0);
    await page.locator('a[href="/posts/next"]').click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'The next post', null, { timeout: 10_000 });
    const notice = page.locator('main > [data-draft-notice]');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toMatch(/^Draft: /);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Drafts', null, { timeout: 10_000 });
    expect(await page.locator('[data-draft-notice]').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(missing).toEqual([]);
    await context.close();
  });
});
