/**
 * `node scripts/bench/data-files.ts`: N entries of one collection as N Markdown files, as the
 * rows of one CSV file and as the items of one JSON file (docs/data.md), the same pages at the
 * same URLs, each built clean by `site build` in a process of its own, taking turns.
 *
 *   node scripts/bench/data-files.ts                 # N = 10,000, 3 runs of each
 *   node scripts/bench/data-files.ts --n 1000 --runs 5
 *
 * Prints the median wall and CPU time of each kind (CPU: user + system of the build process and
 * its worker threads, which other work on the machine barely moves).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const repo = path.resolve(import.meta.dirname, '../..');
const site = path.join(import.meta.dirname, 'data-site');
const { values } = parseArgs({ options: { n: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' } } });
const n = Number(values.n);
const runs = Number(values.runs);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'data-bench-'));

interface Item {
  id: string;
  title: string;
  description: string;
  price: string;
  body: string;
}
const items: Item[] = Array.from({ length: n }, (_, i) => ({
  id: `item-${i}`,
  title: `Item ${i}`,
  description: `The item numbered ${i}, described in one line.`,
  price: (i % 100).toFixed(2),
  body: `Item ${i} is **well made**, and [its maker](/items/item-${(i + 1) % n}) says so.`,
}));

/** A content folder with the home page and the 404 page, and the items as `kind` has them. */
function contentFor(kind: 'markdown' | 'csv' | 'json'): string {
  const content = path.join(work, kind);
  fs.mkdirSync(path.join(content, 'items'), { recursive: true });
  for (const page of ['index', '404'])
    fs.writeFileSync(path.join(content, `${page}.md`), `---\ntitle: Page ${page}\ndescription: The ${page} page.\n---\n`);
  if (kind === 'markdown')
    for (const { id, body, ...data } of items)
      fs.writeFileSync(
        path.join(content, 'items', `${id}.md`),
        `---\n${Object.entries(data)
          .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
          .join('\n')}\n---\n${body}\n`,
      );
  if (kind === 'csv') {
    const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
    const rows = items.map((item) => [item.id, item.title, item.description, item.price, item.body].map(cell).join(','));
    fs.writeFileSync(path.join(content, 'items.csv'), `id,title,description,price,body\n${rows.join('\n')}\n`);
  }
  if (kind === 'json') fs.writeFileSync(path.join(content, 'items.json'), JSON.stringify(items, null, 2));
  return content;
}

function timedBuild(content: string, out: string): Promise<{ wall: number; cpu: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        '-e',
        // As bin/site runs the CLI, printing the process's CPU time as it exits.
        `require('node:module').enableCompileCache(); process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('CPU ' + (u.user + u.system) / 1e6 + '\\n'); }); import(${JSON.stringify(path.join(repo, 'src/cli/main.ts'))});`,
        'x',
        'build',
        '--root',
        site,
        '--content',
        content,
        '--out',
        out,
      ],
      { env: { ...process.env, NODE_ENV: 'production' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => {
      if (status !== 0) return reject(new Error(`the build of ${content} failed:\n${stdout}${stderr}`));
      resolve({ wall: (performance.now() - started) / 1000, cpu: Number(/CPU ([\d.]+)/.exec(stderr)?.[1]), stdout });
    });
  });
}

const kinds = ['markdown', 'csv', 'json'] as const;
const contents = Object.fromEntries(kinds.map((kind) => [kind, contentFor(kind)]));
const timings: Record<string, Array<{ wall: number; cpu: number }>> = { markdown: [], csv: [], json: [] };
try {
  // One warm-up of each (the compile cache, the site's bundle), then the runs, taking turns.
  for (let run = -1; run < runs; run++) {
    for (const kind of kinds) {
      const out = path.join(work, `dist-${kind}-${run}`);
      const timing = await timedBuild(contents[kind]!, out);
      // The items, the home page, the 404 page and its copy as 404.html.
      if (!timing.stdout.includes(`Built ${n + 3} pages`)) throw new Error(`expected ${n + 3} pages: ${timing.stdout}`);
      fs.rmSync(out, { recursive: true, force: true });
      if (run >= 0) timings[kind]!.push(timing);
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`${n.toLocaleString('en')} entries, clean builds, median of ${runs} (wall s / CPU s)`);
for (const kind of kinds) {
  const wall = median(timings[kind]!.map((t) => t.wall));
  const cpu = median(timings[kind]!.map((t) => t.cpu));
  const label = kind === 'markdown' ? `${n} Markdown files` : `one ${kind.toUpperCase()} file`;
  console.log(`  ${label.padEnd(24)} ${wall.toFixed(2).padStart(6)}  ${cpu.toFixed(2).padStart(6)}`);
}
