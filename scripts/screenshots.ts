/**
 * Screenshots of built pages at the SPEC breakpoints, for looking at a change without a browser.
 *   node --import tsx scripts/screenshots.ts [--dist dist] [--out screenshots] [--widths 390,1024,1440,1920] [/path ...]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../tests/e2e/browser.ts';
import { serveStatic } from '../tests/e2e/static-server.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dist: { type: 'string', default: 'dist' },
    out: { type: 'string', default: 'screenshots' },
    widths: { type: 'string', default: '390,1024,1440,1920' },
    full: { type: 'boolean', default: false },
  },
});
const paths = positionals.length ? positionals : ['/', '/services/ai-ml-consulting', '/projects/lending-process-automation', '/blogs/why-we-bet-on-snowflake', '/about/team', '/about/team/marcus-adeyemi', '/contact'];
const widths = values.widths.split(',').map(Number);
fs.mkdirSync(values.out, { recursive: true });

const server = await serveStatic(path.resolve(values.dist));
const browser = await launchChromium();
try {
  for (const urlPath of paths) {
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      page.on('pageerror', (error) => console.error(`page error on ${urlPath}: ${error.message}`));
      // A stored choice keeps the cookie banner from covering the page in every picture.
      await page.addInitScript(() => localStorage.setItem('ga_consent_v2', 'denied'));
      await page.goto(server.url + urlPath, { waitUntil: 'networkidle' });
      // Scroll through once so lazy images load, then return to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      const file = path.join(values.out, `${urlPath.replace(/\//g, '_').replace(/^_/, '') || 'home'}-${width}.png`);
      await page.screenshot({ path: file, fullPage: values.full });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
