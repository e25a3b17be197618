/**
 * What the search costs (`search: true`, issue 43), at 1,000 and 10,000 pages:
 *
 * - index time: the search stage (`src/search/index-site.ts`) run on N generated pages held in
 *   memory, as a build hands them over: Pagefind's service started, every page added, the files
 *   taken back. The median of `--rounds` runs, in this process.
 * - index size: the files published under `/pagefind/` (bytes on disk, and the total a visitor's
 *   first search fetches is below).
 * - first result: Chromium (/usr/bin/chromium) on a throttled mobile profile through CDP
 *   (Network.emulateNetworkConditions: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up; CPU 4× slower),
 *   cold cache, from the moment the page asks for Pagefind to the first result's data: the
 *   script, the WebAssembly, the entry, the index chunk and the first fragment. Median of
 *   `--rounds` fresh browser contexts, and the bytes fetched.
 *
 *   node --conditions source scripts/bench/search.ts               # 1,000 and 10,000 pages, 3 rounds
 *   node --conditions source scripts/bench/search.ts --pages 1000 --rounds 5
 *
 * The pages are generated, a few hundred words each from a fixed vocabulary with a seeded
 * random order, so a run is the same every time. Nothing here is a test: it prints figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import type { Route } from '../../src/content/entry.ts';
import { indexSite } from '../../src/search/index-site.ts';
import { serveStatic } from '../../tests/e2e/static-server.ts';

const { values } = parseArgs({
  options: { pages: { type: 'string', default: '1000,10000' }, rounds: { type: 'string', default: '3' } },
});
const sizes = values.pages.split(',').map(Number);
const rounds = Number(values.rounds);

/** A seeded generator (mulberry32), so every run indexes the same words. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** About 3,000 distinct words: syllables joined, as a content site's vocabulary is in size. */
const SYLLABLES = ['har', 'bour', 'light', 'keep', 'er', 'tide', 'moor', 'ing', 'sail', 'or', 'net', 'quay', 'ston', 'ward', 'fen', 'mar'];
const VOCABULARY = SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => SYLLABLES.slice(0, 12).map((c) => a + b + c)));

function pages(count: number): Array<{ route: Route; html: string }> {
  const next = random(42);
  const word = () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const url = `/guides/page-${index}`;
    const paragraphs = Array.from({ length: 6 }, () => `<p>${Array.from({ length: 60 }, word).join(' ')}.</p>`).join('');
    const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page ${index}</title></head><body><header><nav><a href="/">Home</a></nav></header><main><h1>Guide ${index}: ${word()} ${word()}</h1>${paragraphs}</main><footer>Footer</footer></body></html>`;
    const route = {
      url,
      outPath: `guides/page-${index}/index.html`,
      template: 'page',
      noindex: false,
      entry: { hidden: false },
    } as unknown as Route;
    return { route, html };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function firstResult(dir: string, term: string): Promise<{ ms: number; bytes: number }[]> {
  const server = await serveStatic(dir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
  const runs: { ms: number; bytes: number }[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${server.url}/`);
      // Counted by Playwright, which sees the requests of Pagefind's worker too (the page's CDP session does not).
      const sizes: Promise<number>[] = [];
      page.on('requestfinished', (request) => sizes.push(request.sizes().then((size) => size.responseBodySize + size.responseHeadersSize)));
      const ms = (await page.evaluate(`(async () => {
        const start = performance.now();
        const pagefind = await import('/pagefind/pagefind.js');
        await pagefind.init();
        const found = await pagefind.search(${JSON.stringify(term)});
        await found.results[0].data();
        return performance.now() - start;
      })()`)) as number;
      runs.push({ ms, bytes: (await Promise.all(sizes)).reduce((a, b) => a + b, 0) });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return runs;
}

for (const count of sizes) {
  const generated = pages(count);
  const routes = generated.map((page) => page.route);
  const files = generated.map((page) => ({ path: page.route.outPath, contents: page.html }));
  const times: number[] = [];
  let stage: Awaited<ReturnType<typeof indexSite>> | undefined;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    stage = await indexSite({ notFound: '/missing', search: true } as Parameters<typeof indexSite>[0], {
      routes,
      pages: { files, hashes: new Map() },
    });
    times.push(performance.now() - start);
  }
  if (!stage || stage.diagnostics.length) throw new Error(JSON.stringify(stage?.diagnostics));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
  let total = 0;
  for (const file of [...stage.files, ...files]) {
    fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, file.path), file.contents);
    if (file.path.startsWith('pagefind/'))
      total += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength;
  }
  fs.writeFileSync(path.join(dir, 'index.html'), generated[0]!.html);
  fs.writeFileSync(path.join(dir, '404.html'), '<!DOCTYPE html><html lang="en"><title>Not found</title></html>');
  // A word of the last page's title: found through the index, not the first chunk by luck.
  const term = /Guide \d+: (\w+)/.exec(generated.at(-1)!.html)![1]!;
  const latency = await firstResult(dir, term);
  console.log(
    `${count.toLocaleString('en')} pages: index ${(median(times) / 1000).toFixed(2)} s (runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')}), ` +
      `${stage.files.length} files, ${kb(total)} under /pagefind/; first result on a throttled phone ${median(latency.map((run) => run.ms)).toFixed(0)} ms ` +
      `(runs ${latency.map((run) => run.ms.toFixed(0)).join(', ')}), ${kb(median(latency.map((run) => run.bytes)))} fetched`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
