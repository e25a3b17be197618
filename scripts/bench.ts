/**
 * `npm run bench`: how build time and memory grow with the number of pages.
 *
 * For each N (default 1,000 and 10,000) it writes a synthetic corpus of N case studies next to
 * a copy of the real content in a temporary folder, then measures, each build in a fresh
 * process: a clean build on every core, a clean build on one thread, a rebuild with nothing
 * changed, a rebuild after editing one case study, and social images per image (cold, then
 * warm from the cache). Prints one table and writes it as JSON (default reports/bench.json).
 *
 *   npm run bench                       # N = 1,000 and 10,000
 *   npm run bench -- --n 1000           # one size (repeat --n for several)
 *   npm run bench -- --n 1000 --out reports/bench-1000.json --og-sample 100
 *   npm run bench -- --n 1000 --baseline /tmp/before   # side by side with another commit
 *
 * The corpus has no fenced code block; two more clean builds add one highlighted block, then one
 * MDX page, each against the plain clean build. `--baseline DIR` names a checkout of another
 * commit (e.g. `git archive <commit> | tar -x -C DIR`, with `DIR/node_modules` linked to this
 * one's): its clean build of the same corpus is a row of its own, for comparison.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { addCodeBlock, addMdxPage, caseStudy, writeCorpus } from './bench/corpus.ts';
import { formatTable, type BenchRow } from './bench/table.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    n: { type: 'string', multiple: true },
    out: { type: 'string', default: 'reports/bench.json' },
    'og-sample': { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const sizes = (values.n ?? ['1000', '10000']).map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error(`--n takes a whole number of case studies, found ${values.n?.join(', ')}`);

/**
 * Runs a child script, timing it from spawn to exit: what a person running the command waits.
 * Children load the engine's source as `bin/site` does, with Node's compile cache.
 */
async function child<T>(script: string, args: string[], project = root): Promise<T & { wallMs: number }> {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [path.join(project, 'scripts/bench', script), '--root', project, ...args], {
    cwd: project,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  return { ...(JSON.parse(stdout.trim().split('\n').at(-1)!) as T), wallMs };
}

interface BuildFigures {
  buildMs: number;
  pages: number;
  rendered: number;
  inWorkers: number;
  written: number;
  peakRssMB: number;
  cpuSeconds: number;
}

process.env.NODE_ENV = 'production';

const rows: BenchRow[] = [];
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'site-bench-'));
const load = os.loadavg()[0]!;
try {
  for (const n of sizes) {
    const content = path.join(work, `content-${n}`);
    await writeCorpus(path.join(root, 'content'), content, n);
    const cache = path.join(work, `cache-${n}`);
    const build = async (step: string, out: string, extra: string[] = [], project = root, note = '') => {
      const load = os.loadavg()[0]!;
      const figures = await child<BuildFigures>('build-child.ts', ['--content', content, '--out', out, ...extra], project);
      const row: BenchRow = {
        n,
        step,
        pages: figures.pages,
        rendered: figures.rendered,
        seconds: figures.wallMs / 1000,
        msPerPage: figures.wallMs / figures.pages,
        peakRssMB: figures.peakRssMB,
        cpuSeconds: figures.cpuSeconds,
        load,
        note: [note, figures.inWorkers ? `${figures.inWorkers} pages in workers` : figures.rendered ? 'main thread' : '']
          .filter(Boolean)
          .join('; '),
      };
      rows.push(row);
      console.error(
        `  N=${n} ${step}: ${row.seconds.toFixed(2)} s, ${row.rendered} rendered, ${row.peakRssMB} MB, load ${load.toFixed(1)}`,
      );
    };
    const out = path.join(work, `dist-${n}`);
    await build('clean build', out, ['--cache', cache]);
    await build('no-change rebuild', out, ['--cache', cache]);
    // One case study's body gains a sentence: its page is the only one that shows its body.
    const edited = path.join(content, 'projects', `${caseStudy(Math.floor(n / 2)).slug}.md`);
    await fs.writeFile(
      edited,
      (await fs.readFile(edited, 'utf8')).replace('## The challenge', 'One more sentence for the benchmark.\n\n## The challenge'),
    );
    await build('one-file-edit rebuild', out, ['--cache', cache]);
    await build('clean build, one thread', path.join(work, `dist-${n}-single`), ['--threads', '0']);

    const ogLoad = os.loadavg()[0]!;
    const og = await child<{ images: number; coldMsPerImage: number; warmMsPerImage: number; coldWorkers: number; peakRssMB: number }>(
      'og-child.ts',
      ['--content', content, '--cache', path.join(work, `og-${n}`), '--sample', values['og-sample']!],
    );
    rows.push(
      {
        n,
        step: 'social image, cold',
        pages: og.images,
        rendered: og.images,
        seconds: (og.coldMsPerImage * og.images) / 1000,
        msPerPage: og.coldMsPerImage,
        peakRssMB: og.peakRssMB,
        load: ogLoad,
        note: `per image, ${og.images} drawn${og.coldWorkers ? ` on ${og.coldWorkers} workers` : ''}`,
      },
      {
        n,
        step: 'social image, warm',
        pages: og.images,
        rendered: 0,
        seconds: (og.warmMsPerImage * og.images) / 1000,
        msPerPage: og.warmMsPerImage,
        peakRssMB: og.peakRssMB,
        load: ogLoad,
        note: 'per image, from the cache',
      },
    );
    // The same corpus, clean, with one highlighted code block, then with one MDX page instead.
    const plain = rows.find((row) => row.n === n && row.step === 'clean build')!;
    const versus = () => {
      const row = rows.at(-1)!;
      // CPU time, unlike wall time, is barely moved by other work on the machine: both are given.
      const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
      row.note = `${signed(row.seconds - plain.seconds)} s wall, ${signed((row.cpuSeconds ?? 0) - (plain.cpuSeconds ?? 0))} s CPU against the clean build; ${row.note}`;
    };
    if (values.baseline) {
      await build(
        'clean build, commit before',
        path.join(work, `dist-${n}-baseline`),
        ['--cache', path.join(work, `cache-${n}-baseline`)],
        path.resolve(values.baseline),
        'the --baseline checkout',
      );
      versus();
    }
    const removeCode = await addCodeBlock(content);
    await build('clean build, one code block', path.join(work, `dist-${n}-code`), ['--cache', path.join(work, `cache-${n}-code`)]);
    versus();
    await removeCode();
    await addMdxPage(content);
    // The firm's site takes no MDX: the page is built by the same site with a collection that takes it.
    await build('clean build, one MDX page', path.join(work, `dist-${n}-mdx`), [
      '--cache',
      path.join(work, `cache-${n}-mdx`),
      '--config',
      'scripts/bench/mdx-site.config.ts',
    ]);
    versus();
    await fs.rm(content, { recursive: true, force: true });
  }
} finally {
  if (!values.keep) await fs.rm(work, { recursive: true, force: true });
}

const machine = {
  cpus: os.availableParallelism(),
  model: os.cpus()[0]?.model ?? 'unknown',
  memoryGB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  loadAverageAtStart: Number(load.toFixed(2)),
  date: new Date().toISOString(),
};
console.log(formatTable(rows, machine));
const outFile = path.resolve(root, values.out!);
await fs.mkdir(path.dirname(outFile), { recursive: true });
await fs.writeFile(outFile, `${JSON.stringify({ machine, rows }, null, 2)}\n`);
console.log(`\nWritten to ${path.relative(root, outFile)}.`);
