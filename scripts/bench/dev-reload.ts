/**
 * Edit-to-reload of `site serve`: how long after saving a case study the browser shows the edit.
 *
 * Starts `site serve` on a copy of the real content, opens a case study in Chromium (CHROME_PATH or
 * /usr/bin/chromium), then saves a small edit to that case study several times, timing each from
 * just before the write until the page's DOM holds the new words (swapped in place or reloaded). Prints the figures and,
 * with --json, one JSON line for the bench table.
 *
 *   node scripts/bench/dev-reload.ts [--runs 7] [--json]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' }, json: { type: 'boolean', default: false } } });
const runs = Number(values.runs);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-dev-reload-'));
const content = path.join(work, 'content');
fs.cpSync(path.join(root, 'content'), content, { recursive: true });
const slug = fs.readdirSync(path.join(content, 'projects')).find((name) => !name.startsWith('_') && name.endsWith('.md'))!;
const file = path.join(content, 'projects', slug);
const original = fs.readFileSync(file, 'utf8');

const server = spawn(path.join(root, 'bin/site'), ['serve', '--port', '0', '--content', content], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const log: string[] = [];
const url = await new Promise<string>((resolve, reject) => {
  const onData = (chunk: Buffer) => {
    log.push(chunk.toString());
    const match = /Serving (http:\/\/[^\s/]+)\//.exec(log.join(''));
    if (match) resolve(match[1]!);
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.once('exit', (code) => reject(new Error(`site serve exited with ${code}:\n${log.join('')}`)));
});

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const times: number[] = [];
try {
  const page = await browser.newPage();
  // Every document the tab shows (a reloaded one too) notes when an edit marker first appears in it.
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __edits: Record<string, number> }).__edits = seen;
    new MutationObserver(() => {
      for (const match of document.body?.textContent?.matchAll(/Edited-\d+-\d+/g) ?? []) seen[match[0]] ??= Date.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`${url}/projects/${slug.replace(/\.md$/, '')}`);
  await page.waitForSelector('html[data-ready]');
  for (let run = 0; run < runs + 1; run++) {
    const marker = `Edited-${run}-${Date.now()}`;
    // Let the page settle after the previous edit.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const saved = Date.now();
    fs.writeFileSync(file, original.replace(/\n---\n/, `\n---\n\n${marker}\n`));
    const shown = await whenShown(page, marker);
    // The first edit warms the worker's caches; it is not counted.
    if (run > 0) times.push(shown - saved);
  }
} finally {
  fs.writeFileSync(file, original);
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}

/** The time (ms since the epoch) the page first held `marker`, waiting through reloads. */
async function whenShown(page: import('playwright-core').Page, marker: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const at = await page
      .evaluate((m) => (window as unknown as { __edits?: Record<string, number> }).__edits?.[m], marker)
      .catch(() => undefined);
    if (at) return at;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The page never showed the edit ${marker}.`);
}

times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const figures = { runs: times.length, medianMs: Math.round(median), minMs: Math.round(times[0]!), maxMs: Math.round(times.at(-1)!) };
if (process.env.DEV_RELOAD_LOG) console.log(log.join(''));
if (values.json) console.log(JSON.stringify(figures));
else console.log(`edit-to-reload over ${figures.runs} edits: median ${figures.medianMs} ms (min ${figures.minMs}, max ${figures.maxMs})`);
