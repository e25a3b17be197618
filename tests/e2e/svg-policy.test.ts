import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHeadersFile } from '../../src/security/headers-file.ts';
import { HEADERS_FILE } from '../../src/security/headers-output.ts';
import { securityHeaders, svgRules } from '../../src/security/headers.ts';
import { hasBrowser, launchChromium } from './browser.ts';
import { serveStatic } from './static-server.ts';

/**
 * An SVG opened on its own is a document, and its scripts run under the headers it is served
 * with. Each script records that it ran on the root element; three hosts serve the same files:
 * with no headers, with the site's policy alone, and with the `_headers` a build writes.
 */
const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="document.documentElement.setAttribute('data-onload', 'ran')">
<script href="/images/x.js"/>
<script>document.documentElement.setAttribute('data-inline', 'ran')</script>
<rect width="10" height="10"/>
</svg>`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'svg-policy-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A folder a static host serves: the SVG, a script of the site's own origin, and the given `_headers`. */
function host(name: string, headers?: string): string {
  const dir = path.join(work, name);
  fs.mkdirSync(path.join(dir, 'images'), { recursive: true });
  fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>Not found</title>');
  fs.writeFileSync(path.join(dir, 'images/evil.svg'), EVIL_SVG);
  fs.writeFileSync(path.join(dir, 'images/x.js'), "document.documentElement.setAttribute('data-external', 'ran');");
  if (headers) fs.writeFileSync(path.join(dir, HEADERS_FILE), headers);
  return dir;
}

const sitePolicy = { pattern: '/*', headers: securityHeaders() };

describe.skipIf(!hasBrowser)('an SVG opened on its own', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  /** Which of the SVG's three scripts ran when Chromium opened it from this folder. */
  async function scriptsThatRan(dir: string): Promise<string[]> {
    const server = await serveStatic(dir);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/images/evil.svg`, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      const marks = await page.evaluate(() =>
        ['onload', 'inline', 'external'].filter((name) => document.documentElement.hasAttribute(`data-${name}`)),
      );
      return marks;
    } finally {
      await context.close();
      await server.close();
    }
  }

  it('runs its scripts where nothing stops them (the test can see a script run)', async () => {
    expect(await scriptsThatRan(host('bare'))).toEqual(['onload', 'inline', 'external']);
  });

  it('runs a script of the site’s own origin under the site’s policy alone', async () => {
    expect(await scriptsThatRan(host('site-policy', formatHeadersFile([sitePolicy])))).toEqual(['external']);
  });

  it('runs no script at all under the headers a build writes for it', async () => {
    expect(await scriptsThatRan(host('built', formatHeadersFile([sitePolicy, ...svgRules(['images/evil.svg'])])))).toEqual([]);
  });
});
