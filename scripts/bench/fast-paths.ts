/**
 * What each hand-written stand-in for a library buys, two ways:
 *
 * - Builds: clean builds of the site's content with N bench case studies (`corpus.ts`), each in a
 *   process of its own as `npm run bench` runs them (`build-child.ts`, on the main thread alone),
 *   with everything and with one mechanism taken out (`without.ts`: a stand-in switched off
 *   through its one interface), the builds of a round
 *   taking turns, the order reversed every other round. The figure is the median over the rounds
 *   of (CPU time without) − (CPU time with everything) of the same round.
 * - Stages: the work the mechanism changes, timed in one process with and without it, pass after
 *   pass, on the inputs of the same build (the bodies, front matter and pages it read and wrote);
 *   a figure is µs per input, and that times the build's inputs.
 *
 *   npm run bench:fast-paths                               # N = 1,000, 5 rounds: 40 minutes on 2 busy cores
 *   npm run bench:fast-paths -- --rounds 3 --only yaml,scan --no-builds
 *
 * (`npm run bench:fast-paths` is `node --conditions source scripts/bench/fast-paths.ts`: the
 * corpus imports the site's schemas, which import the engine by its package name.)
 *
 * Nothing is timed in tests. The figures of 2026-11-26 are in docs/performance-history.md.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { writeCorpus } from './corpus.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** What each mechanism's stage figures count, per input. */
const MECHANISMS: Record<string, string> = {
  autolinks: 'µs per body, parsing with remark-gfm and the table guard',
  tables: 'µs per body, parsing with remark-gfm and the autolink guard',
  yaml: 'µs per front matter, the YAML read',
  scan: 'µs per page, reading ids and links',
  prose: 'µs per body, rendering it to HTML (the full processor reads what the prose reader leaves)',
};

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
    only: { type: 'string' },
    'no-builds': { type: 'boolean', default: false },
    'no-stages': { type: 'boolean', default: false },
    child: { type: 'string' },
    inputs: { type: 'string' },
  },
});

type Figures = { site: number; corpus: number };
type Run = { with: Figures; without: Figures; markdown?: Figures };

/** Site and corpus inputs of one build, shared by the stage runs. */
interface Inputs {
  bodies: { site: string[]; corpus: string[] };
  frontMatter: { site: string[]; corpus: string[] };
  pages: { site: string[]; corpus: string[] };
}

if (values.child) {
  console.log(JSON.stringify(await measure(values.child, values.inputs!)));
} else {
  await compare();
}

async function compare(): Promise<void> {
  const names = values.only ? values.only.split(',') : Object.keys(MECHANISMS);
  // Several joined by "+" are taken out together (builds only: `--no-stages`).
  for (const name of names)
    if (!name.split('+').every((part) => MECHANISMS[part]))
      throw new Error(`--only takes ${Object.keys(MECHANISMS).join(', ')}, or several joined by "+"; found ${name}`);
  const rounds = Number(values.rounds);
  const n = Number(values.n);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-fast-paths-'));
  try {
    const content = path.join(work, 'content');
    await writeCorpus(path.join(root, 'content'), content, n);
    const out = path.join(work, 'out');
    console.log(
      `${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}; ${n} bench case studies; ${rounds} rounds.`,
    );
    if (!values['no-builds']) await compareBuilds(names, rounds, content, out);
    else await buildOnce(undefined, content, out);
    if (!values['no-stages']) await compareStages(names, rounds, work, content, out);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

interface BuildFigures {
  buildMs: number;
  cpuSeconds: number;
  pages: number;
}

/** One clean build in a process of its own, without one mechanism or with all. */
async function buildOnce(without: string | undefined, content: string, out: string): Promise<BuildFigures> {
  fs.rmSync(out, { recursive: true, force: true });
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [
      '--conditions',
      'source',
      '--import',
      path.join(root, 'scripts/bench/without.ts'),
      path.join(root, 'scripts/bench/build-child.ts'),
      '--root',
      root,
      '--content',
      content,
      '--out',
      out,
      '--threads',
      '0',
    ],
    { cwd: root, env: { ...process.env, NODE_ENV: 'production', SITE_BENCH_WITHOUT: without ?? '' }, maxBuffer: 16 * 1024 * 1024 },
  );
  if (stderr.includes('without.ts:')) throw new Error(stderr);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as BuildFigures;
}

async function compareBuilds(names: string[], rounds: number, content: string, out: string): Promise<void> {
  const ways = [undefined, ...names];
  const figures = new Map<string, BuildFigures[]>(ways.map((way) => [way ?? 'all', []]));
  // A build to warm the disk cache and Node's compile cache, not counted.
  const first = await buildOnce(undefined, content, out);
  console.log(
    `\nClean builds of ${first.pages} pages on the main thread: CPU s (build s) with everything, then without each, round by round.`,
  );
  for (let round = 0; round < rounds; round++) {
    for (const way of round % 2 === 0 ? ways : [...ways].reverse()) figures.get(way ?? 'all')!.push(await buildOnce(way, content, out));
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const all = figures.get('all')!;
  const show = (list: BuildFigures[]) => list.map((f) => `${f.cpuSeconds.toFixed(2)} (${(f.buildMs / 1000).toFixed(2)})`).join('  ');
  console.log(`  everything:     ${show(all)}`);
  for (const name of names) {
    const list = figures.get(name)!;
    const saved = median(list.map((f, round) => f.cpuSeconds - all[round]!.cpuSeconds));
    const savedBuild = median(list.map((f, round) => f.buildMs - all[round]!.buildMs));
    const wins = list.filter((f, round) => f.cpuSeconds > all[round]!.cpuSeconds).length;
    console.log(
      `  without ${name.padEnd(14)}${show(list)}\n` +
        `    saved (median of the rounds): ${(saved * 1000).toFixed(0)} ms CPU (${((saved / median(all.map((f) => f.cpuSeconds))) * 100).toFixed(1)}%), ` +
        `${savedBuild.toFixed(0)} ms of build time; faster with it in ${wins} of ${rounds} rounds`,
    );
  }
}

async function compareStages(names: string[], rounds: number, work: string, content: string, out: string): Promise<void> {
  const inputs = path.join(work, 'inputs.json');
  const made = makeInputs(content, out);
  fs.writeFileSync(inputs, JSON.stringify(made));
  const count = (name: string) => {
    const set = name === 'yaml' ? made.frontMatter : name === 'scan' ? made.pages : made.bodies;
    return set.site.length + set.corpus.length;
  };
  console.log(`\nStages: a figure is a round's best pass in CPU time, µs per input: on the site's inputs / on the bench case studies'.`);
  for (const name of names) {
    const runs: Run[] = [];
    for (let round = 0; round < rounds; round++) runs.push(await child(name, inputs));
    const show = (list: Figures[]) => list.map((r) => `${r.site.toFixed(1)}/${r.corpus.toFixed(1)}`).join('  ');
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    // Each round compares within itself; the median of its savings is the figure.
    const saved = (key: keyof Figures) => {
      const us = median(runs.map((run) => run.without[key] - run.with[key]));
      const share = (of: number) => `${((us / of) * 100).toFixed(0)}%`;
      const markdown = runs[0]!.markdown ? `, ${share(median(runs.map((run) => run.markdown![key])))} of the whole Markdown` : '';
      return `${us.toFixed(1)} µs (${share(median(runs.map((run) => run.without[key])))}${markdown})`;
    };
    const site = median(runs.map((run) => run.without.site - run.with.site));
    const corpus = median(runs.map((run) => run.without.corpus - run.with.corpus));
    const set = name === 'yaml' ? made.frontMatter : name === 'scan' ? made.pages : made.bodies;
    const buildMs = (site * set.site.length + corpus * set.corpus.length) / 1000;
    const markdown = runs[0]!.markdown ? `\n  the engine’s whole Markdown, for scale: ${show(runs.map((run) => run.markdown!))}` : '';
    console.log(
      `\n${name}: ${MECHANISMS[name]}\n  with:    ${show(runs.map((run) => run.with))}\n  without: ${show(runs.map((run) => run.without))}${markdown}\n` +
        `  saved (median of the rounds): site ${saved('site')}, corpus ${saved('corpus')}; ` +
        `over the build's ${count(name)} inputs, ${buildMs.toFixed(0)} ms`,
    );
  }
}

async function child(name: string, inputs: string): Promise<Run> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions', 'source', import.meta.filename, '--child', name, '--inputs', inputs],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Run;
}

/** The bodies and front matter of the content the builds read, and the pages they wrote. */
function makeInputs(content: string, out: string): Inputs {
  const markdown = fs.readdirSync(content, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  const split = (file: string) => {
    const text = fs.readFileSync(path.join(content, file), 'utf8');
    const [whole, frontMatter] = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text)!;
    return { frontMatter: frontMatter!, body: text.slice(whole.length) };
  };
  const isCorpus = (file: string) => path.basename(file).startsWith('bench-');
  const site = markdown.filter((file) => !isCorpus(file)).map(split);
  const corpus = markdown.filter(isCorpus).map(split);
  const pages = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  const page = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');
  return {
    bodies: { site: site.map((file) => file.body), corpus: corpus.map((file) => file.body) },
    frontMatter: { site: site.map((file) => file.frontMatter), corpus: corpus.map((file) => file.frontMatter) },
    pages: {
      site: pages.filter((file) => !file.includes('bench-')).map(page),
      corpus: pages.filter((file) => file.includes('bench-')).map(page),
    },
  };
}

/** CPU time of the process (all its threads, the collector's too), in ms: less moved than wall time by other work on the machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Work to time on each input, with the mechanism and without; `prepare` runs untimed, once per input. */
interface Ways {
  prepare?: (input: string) => unknown;
  with: (prepared: never) => unknown;
  without: (prepared: never) => unknown;
}

/** One round: each way's best pass over each set of inputs, in µs per input, the ways taking turns. */
async function measure(name: string, inputsFile: string): Promise<Run> {
  const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8')) as Inputs;
  const set = name === 'yaml' ? inputs.frontMatter : name === 'scan' ? inputs.pages : inputs.bodies;
  const ways = await waysOf(name);
  const best = (items: readonly unknown[], work: Array<(item: never) => unknown>): number[] => {
    const bestMs = work.map(() => Infinity);
    // Two passes each to warm up, then at least three each and three seconds of CPU, at most twelve each.
    for (let pass = 0, spent = 0; pass < 12 && (pass < 5 || spent < 3000); pass++) {
      work.forEach((run, way) => {
        const started = cpuMs();
        for (const item of items) run(item as never);
        const ms = cpuMs() - started;
        spent += ms;
        if (pass >= 2) bestMs[way] = Math.min(bestMs[way]!, ms);
      });
    }
    return bestMs.map((ms) => (ms * 1000) / items.length);
  };
  const figures = (key: keyof Figures) =>
    best(
      set[key].map((input) => (ways.prepare ? ways.prepare(input) : input)),
      [ways.with, ways.without],
    );
  const [site, corpus] = [figures('site'), figures('corpus')];
  const run: Run = { with: { site: site[0]!, corpus: corpus[0]! }, without: { site: site[1]!, corpus: corpus[1]! } };
  if (set === inputs.bodies) {
    const { renderContentMarkdown } = await import('../../src/render/markdown.ts');
    const whole = (body: never) => renderContentMarkdown(body, { file: 'x.md', bodyLine: 1 });
    run.markdown = { site: best(set.site, [whole])[0]!, corpus: best(set.corpus, [whole])[0]! };
  }
  return run;
}

async function waysOf(name: string): Promise<Ways> {
  if (name === 'autolinks' || name === 'tables') {
    const [{ unified }, { default: remarkParse }, { default: remarkGfm }, { remarkAutolinksWhereNeeded }, { remarkGuardTables }] =
      await Promise.all([
        import('unified'),
        import('remark-parse'),
        import('remark-gfm'),
        import('../../src/runner/fast-paths/gfm-autolinks.ts'),
        import('../../src/runner/fast-paths/gfm-table-guard.ts'),
      ]);
    // The other guard stays, as in the engine; `false` leaves a plugin out.
    const processor = (withIt: boolean) =>
      unified()
        .use(remarkParse)
        .use(remarkGfm)
        .use(remarkAutolinksWhereNeeded, name === 'autolinks' ? withIt : true)
        .use(remarkGuardTables, name === 'tables' ? withIt : true)
        .freeze();
    const [withIt, without] = [processor(true), processor(false)];
    return { with: (body: string) => withIt.parse(body), without: (body: string) => without.parse(body) };
  }
  if (name === 'yaml') {
    const [{ LineCounter }, { readFrontMatterYaml, readWithYamlPackage }] = await Promise.all([
      import('yaml'),
      import('../../src/content/front-matter-yaml.ts'),
      // The quick way put where the reading takes it from, as a build does.
      import('../../src/runner/fast-paths/index.ts'),
    ]);
    return {
      with: (text: string) => readFrontMatterYaml(text, new LineCounter()).data,
      without: (text: string) => readWithYamlPackage(text, new LineCounter()).data,
    };
  }
  if (name === 'scan') {
    const [{ scanHtml }, { readPageWithParse5 }] = await Promise.all([
      import('../../src/runner/fast-paths/html-scan.ts'),
      import('../../src/render/page-scan.ts'),
    ]);
    return { with: scanHtml, without: readPageWithParse5 };
  }
  if (name === 'prose') {
    const [{ VFile }, { createProcessor }, { proseMarkdownHtml }] = await Promise.all([
      import('vfile'),
      import('../../src/render/markdown.ts'),
      import('../../src/runner/fast-paths/prose-markdown.ts'),
      // The processor with the GFM guards, as a build makes it.
      import('../../src/runner/fast-paths/index.ts'),
    ]);
    const processor = createProcessor();
    const full = (body: string) => String(processor.processSync(new VFile({ value: body, data: { context: { folder: '/x/' } } })));
    return { with: (body: string) => proseMarkdownHtml(body, '/x/') ?? full(body), without: full };
  }
  throw new Error(`no mechanism ${name}`);
}
