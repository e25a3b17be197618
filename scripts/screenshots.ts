/**
 * Screenshots of built pages at the site's breakpoints (templates/tokens.ts), for looking at a change without a browser.
 *   npm run screenshots
 *   node scripts/screenshots.ts [--dist dist] [--out reports/screenshots] [--widths 390,1024,1440,1920] [--max-height 6000] [--viewport-only] [/path ...]
 *
 * Without paths it takes one page of every template (scripts/template-pages.ts). It builds the
 * site into --dist first when that folder has no index.html. Each picture is the whole page, cut
 * at --max-height pixels, or only the first screen with --viewport-only.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium } from '../tests/e2e/browser.ts';
import { serveStatic } from '../tests/e2e/static-server.ts';
import { layOutSkippedBlocks } from './check/skipped-blocks.ts';
import { chooseTemplatePages } from './template-pages.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dist: { type: 'string', default: 'dist' },
    out: { type: 'string', default: 'reports/screenshots' },
    widths: { type: 'string', default: '390,1024,1440,1920' },
    'max-height': { type: 'string', default: '6000' },
    'viewport-only': { type: 'boolean', default: false },
  },
});
const widths = values.widths.split(',').map(Number);
const maxHeight = Number(values['max-height']);
if (widths.some((width) => !Number.isInteger(width) || width < 200) || !(maxHeight > 0)) {
  console.error(
    `--widths takes whole numbers of pixels (at least 200), comma-separated, and --max-height a positive number; found "${values.widths}" and "${values['max-height']}".`,
  );
  process.exit(2);
}

const dist = path.resolve(values.dist);
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.log(`No site in ${path.relative(process.cwd(), dist) || '.'}: building it first…`);
  const built = spawnSync(path.join(root, 'bin/site'), ['build', '--out', dist], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
const pages = positionals.length ? positionals.map((page) => ({ template: '', page })) : await chooseTemplatePages(dist);
fs.mkdirSync(values.out, { recursive: true });

const server = await serveStatic(dist);
const browser = await launchChromium();
let problems = 0;
try {
  for (const { template, page: urlPath } of pages) {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      // A stored choice keeps the cookie banner from covering the page in every picture.
      await context.addInitScript(() => localStorage.setItem('ga_consent_v2', 'denied'));
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        problems++;
        console.error(`✖ ${urlPath} at ${width}px: ${error.message}`);
      });
      page.on('requestfailed', (request) => {
        problems++;
        console.error(`✖ ${urlPath} at ${width}px: ${request.url()} failed (${request.failure()?.errorText})`);
      });
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
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // The header hides while scrolling down and returns at the top; let it settle.
      await page.waitForTimeout(400);
      if (!values['viewport-only']) await layOutSkippedBlocks(page);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const name = `${urlPath.replace(/\//g, '_').replace(/^_/, '') || 'home'}-${width}.png`;
      const file = path.join(values.out, name);
      await page.screenshot(
        values['viewport-only']
          ? { path: file }
          : { path: file, fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, maxHeight) } },
      );
      console.log(`${file}${template ? `  (${template})` : ''}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
if (problems) {
  console.error(`${problems} problem${problems === 1 ? '' : 's'} while taking the screenshots (see above).`);
  process.exit(1);
}
