import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { startDevServer } from './global-setup.ts';
import { rawRequest as sendRaw } from '../helpers/http.ts';
import { openPage, useBrowser, waitReady } from './helpers.ts';

/** A raw request (the path sent exactly as written), with its body as text. */
async function rawRequest(base: string, method: string, rawPath: string) {
  const response = await sendRaw(base, method, rawPath);
  return { ...response, body: response.body.toString('utf8') };
}

describe.skipIf(!hasBrowser)('site serve', () => {
  const browser = useBrowser();
  let server: { child: ChildProcess; url: string; output: () => string };
  let content: string;

  beforeAll(async () => {
    content = fs.mkdtempSync(path.join(os.tmpdir(), 'site-serve-'));
    fs.cpSync('tests/fixtures/small-site/content', content, { recursive: true });
    server = await startDevServer(['serve', '--port', '0', '--content', content]);
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    fs.rmSync(content, { recursive: true, force: true });
  });

  it('binds to 127.0.0.1 by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('reloads the open page after an edit, and shows a build error in the browser and the terminal while it keeps serving', async () => {
    const { page, context } = await openPage(browser(), `${server.url}/about/company`);
    const file = path.join(content, 'about/company.md');
    const original = fs.readFileSync(file, 'utf8');
    const started = Date.now();
    fs.writeFileSync(file, original.replace('title: "Company"', 'title: "Company, edited"'));
    await page.waitForFunction(() => document.title === 'Company, edited', null, { timeout: 20_000 });
    console.log(`edit shown in the browser after ${Date.now() - started} ms`);

    fs.writeFileSync(file, original.replace('title: "Company"', 'title: [unclosed'));
    const overlay = page.locator('#site-build-error');
    await overlay.waitFor({ state: 'visible', timeout: 20_000 });
    const report = await overlay.innerText();
    console.log(report);
    expect(report).toMatch(/about\/company\.md:\d+ +The front matter is not valid YAML/);
    expect(server.output()).toMatch(/about\/company\.md:\d+ +The front matter is not valid YAML/);
    const stillServing = await rawRequest(server.url, 'GET', '/contact');
    expect(stillServing.status).toBe(200);

    fs.writeFileSync(file, original);
    await page.waitForFunction(() => document.title === 'Company' && !document.getElementById('site-build-error'), null, {
      timeout: 20_000,
    });
    await waitReady(page);
    await context.close();
  });

  it('takes a content edit incrementally: the edited page swaps its <main> in place, other pages stay as they are, and pages that show a new title follow', async () => {
    const edited = await openPage(browser(), `${server.url}/projects/alpha`);
    const listing = await openPage(browser(), `${server.url}/projects`);
    const other = await openPage(browser(), `${server.url}/contact`);
    // A value on window survives an in-place swap and is gone after a reload.
    for (const { page } of [edited, listing, other]) await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    const file = path.join(content, 'projects/alpha.md');
    const original = fs.readFileSync(file, 'utf8');
    // The new <main> of the one page edited comes with the news of the build: the page need not ask for it.
    const asked: string[] = [];
    edited.page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    try {
      fs.writeFileSync(file, original.replace('Some text for this page.', 'Some edited text for this page.'));
      await edited.page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Some edited text'), null, {
        timeout: 20_000,
      });
      expect(await edited.page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
      expect(asked).not.toContain('/projects/alpha');
      expect(server.output()).toMatch(/Rebuilt 1 of \d+ pages/);
      for (const { page } of [listing, other]) expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

      // A new title changes the head, the listing and the menus on every page: they reload with it.
      fs.writeFileSync(file, original.replace('title: "Project alpha"', 'title: "Project alpha, renamed"'));
      await edited.page.waitForFunction(() => document.title.startsWith('Project alpha, renamed'), null, { timeout: 20_000 });
      await listing.page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Project alpha, renamed'), null, {
        timeout: 20_000,
      });
    } finally {
      fs.writeFileSync(file, original);
      for (const { context } of [edited, listing, other]) await context.close();
    }
  });

  it('says the warnings of a build in the terminal, as site build does', async () => {
    const file = path.join(content, 'projects/beta.md');
    const original = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, `${original}\n![](/images/pic.svg)\n`);
      // The warning and the ✔ line reach the terminal in separate writes: wait for both.
      const warnedThenBuilt = /projects\/beta\.md:\d+.*\[missing-alt\]\n(.*\n)*✔ Rebuilt 1 of \d+ pages/;
      const deadline = Date.now() + 20_000;
      while (!warnedThenBuilt.test(server.output()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.output()).toMatch(warnedThenBuilt);
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('answers unknown paths with the not-found page and status 404', async () => {
    const response = await rawRequest(server.url, 'GET', '/nowhere');
    expect(response.status).toBe(404);
    expect(response.body).toContain('Page not found');
  });

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/%5c..%5cpackage.json',
    '/images/..%2f..%2fpackage.json',
    '/%00',
    '/a%00b',
    '/%E0%A4%A',
  ])('never serves anything outside the output: %s', async (rawPath) => {
    const response = await rawRequest(server.url, 'GET', rawPath);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('"devDependencies"');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await rawRequest(server.url, 'HEAD', '/');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    const post = await rawRequest(server.url, 'POST', '/');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});
