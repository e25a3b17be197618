/**
 * `npm run bench:peers`: stillsite's clean build side by side with Hugo's and Eleventy 3's, on the
 * same pages (`peers-sites.ts`) in each shape asked for, in one interleaved run.
 *
 *   npm run bench:peers                                  # minimal pages: 10 and 1,000, 3 runs each
 *   npm run bench:peers -- --n 10,1000,10000 --runs 3
 *   npm run bench:peers -- --shapes minimal,case-study,cheat-sheet --n 1000,10000   # every shape
 *   npm run bench:peers -- --n 1000 --work /tmp/peers --keep   # keep (or reuse) the installs
 *
 * Shapes: `minimal` and `case-study` pages are built at each size of --n; `cheat-sheet` pages at
 * --sheets (7,500, as the corpus of issue 44).
 *
 * In a temporary folder it installs Eleventy 3 from the npm registry and stillsite the way a user
 * does (`npm pack` of this repository, then the tarball installed), and uses the `hugo` on the
 * PATH (Debian's is 0.111; without one it says how to get it and benches the other two). For each
 * size it runs one warm-up and then N clean builds of each tool, taking turns (Hugo, Eleventy,
 * stillsite, Hugo, ...), each in a process of its own timed from spawn to exit, wall and CPU
 * (user + system of the process and everything it waited for). Then stillsite alone: a rebuild with
 * nothing changed and one after editing one page, taking turns. The 10-page row is the start-up;
 * in its rounds three more processes take their turns, as floors for it: Node doing nothing, and
 * `start-up-floor.ts` without and with Markdown (the engine's packages loaded and used on that
 * site, nothing of the engine).
 * It prints a table (medians; a ratio is the median of the ratios of the same round, which keeps
 * it fair while the machine's speed drifts) and writes the figures to reports/peers.json.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { EXTERNAL, REQUIRE_BANNER } from '../lib-bundle.ts';
import { installPacked, sh, timed as timedIn, type Timing } from './peer-runs.ts';
import { editedFile, SHAPES, TOOLS, writeSite, type Shape, type Tool } from './peers-sites.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '10,1000' },
    shapes: { type: 'string', default: 'minimal' },
    sheets: { type: 'string', default: '7500' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: 'reports/peers.json' },
    work: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const sizes = [...new Set(['10', ...values.n.split(',')].map((size) => Number(size.replaceAll('_', ''))))].sort((a, b) => a - b);
const runs = Number(values.runs);
const sheets = Number(values.sheets.replaceAll('_', ''));
const shapes = values.shapes.split(',') as Shape[];
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(sheets) || sheets < 1) {
  console.error(
    `bench:peers: --n takes page counts separated by commas (found ${values.n}), --runs and --sheets a whole number (found ${values.runs}, ${values.sheets}).`,
  );
  process.exit(2);
}
if (shapes.some((shape) => !SHAPES.includes(shape))) {
  console.error(`bench:peers: --shapes takes ${SHAPES.join(', ')}, separated by commas (found ${values.shapes}).`);
  process.exit(2);
}

const hugoVersion = spawnSync('hugo', ['version'], { encoding: 'utf8' });
const hasHugo = hugoVersion.status === 0;
if (!hasHugo)
  console.log(
    'bench:peers: no `hugo` on the PATH: install it (Debian: `sudo apt-get install -y hugo`, 0.111) to bench it too; benching Eleventy and stillsite.',
  );
const tools = TOOLS.filter((tool) => tool !== 'hugo' || hasHugo);

const work = values.work ? path.resolve(values.work) : fs.mkdtempSync(path.join(os.tmpdir(), 'peers-'));
fs.mkdirSync(work, { recursive: true });

/** Eleventy 3 from the registry and this repository's own package, packed and installed as a user would. */
function install(): { eleventy: string; stillsite: string } {
  const stillsite = installPacked(root, work, { '@11ty/eleventy': '^3' }, 'bench:peers');
  return { eleventy: path.join(work, 'node_modules/@11ty/eleventy/cmd.cjs'), stillsite };
}

const bin = install();
const timed = (command: string, args: string[], cwd: string) => timedIn(command, args, cwd, work);
const floorScript = await bundleFloor();

/**
 * `start-up-floor.ts` bundled into the work folder as `scripts/build-lib.ts` bundles lib/: the
 * installed packages inside, and React and esbuild left to Node as lib/ leaves them.
 */
async function bundleFloor(): Promise<string> {
  const outfile = path.join(work, 'start-up-floor.mjs');
  const source = path.join(import.meta.dirname, 'start-up-floor.ts');
  await esbuild.build({
    stdin: { contents: fs.readFileSync(source, 'utf8'), loader: 'ts', resolveDir: work, sourcefile: source },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: EXTERNAL,
    banner: { js: REQUIRE_BANNER },
    logLevel: 'warning',
  });
  return outfile;
}
const versions = {
  node: process.version,
  hugo: hasHugo ? hugoVersion.stdout.split(' ')[1] : undefined,
  eleventy: (JSON.parse(fs.readFileSync(path.join(work, 'node_modules/@11ty/eleventy/package.json'), 'utf8')) as { version: string })
    .version,
  stillsite: sh('git', ['rev-parse', '--short', 'HEAD'], root).trim(),
};

/** One build of `tool`'s site in `dir`; clean removes the output and any cache first. */
function build(tool: Tool, dir: string, clean: boolean): Promise<Timing> {
  const out = path.join(dir, '_out');
  if (clean)
    for (const made of [out, path.join(dir, '.site-cache'), path.join(dir, 'resources')]) fs.rmSync(made, { recursive: true, force: true });
  if (tool === 'hugo') return timed('hugo', ['--quiet', '--source', dir, '--destination', out], dir);
  if (tool === 'eleventy') return timed(process.execPath, [bin.eleventy, '--quiet', '--input=.', '--output=_out'], dir);
  return timed(process.execPath, [bin.stillsite, 'build', '--out', '_out'], dir);
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface SizeFigures {
  shape: Shape;
  pages: number;
  clean: Partial<Record<Tool, Timing[]>>;
  /** The start-up's floors, timed in the smallest size's rounds: Node alone, and the packages without the engine, without and with Markdown. */
  floor?: { node: Timing[]; packages: Timing[]; withMarkdown: Timing[] };
  noChange: Timing[];
  oneEdit: Timing[];
  load: number[];
}

const results: SizeFigures[] = [];
const loadAtStart = os.loadavg()[0]!;
// The start-up row (10 minimal pages, with its floors) comes first whatever the shapes asked for.
type Planned = { shape: Shape; n: number };
const plan: Planned[] = [
  { shape: 'minimal', n: sizes[0]! },
  ...shapes.flatMap((shape): Planned[] =>
    shape === 'cheat-sheet'
      ? [{ shape, n: sheets }]
      : sizes.filter((n) => shape !== 'minimal' || n !== sizes[0]).map((n) => ({ shape, n })),
  ),
];
for (const { shape, n } of plan) {
  const sites = Object.fromEntries(tools.map((tool) => [tool, path.join(work, `${tool}-${shape}-${n}`)])) as Record<Tool, string>;
  for (const tool of tools) {
    fs.rmSync(sites[tool], { recursive: true, force: true });
    await writeSite(tool, sites[tool], n, shape);
  }
  const figures: SizeFigures = {
    shape,
    pages: shape === 'cheat-sheet' ? n : n + 1,
    clean: {},
    noChange: [],
    oneEdit: [],
    load: [os.loadavg()[0]!],
  };
  if (results.length === 0) figures.floor = { node: [], packages: [], withMarkdown: [] };
  for (const tool of tools) await build(tool, sites[tool], true);
  for (let round = 0; round < runs; round++) {
    for (const tool of tools) (figures.clean[tool] ??= []).push(await build(tool, sites[tool], true));
    if (figures.floor) {
      figures.floor.node.push(await timed(process.execPath, ['-e', ''], work));
      figures.floor.packages.push(await timed(process.execPath, [floorScript, sites.stillsite], work));
      figures.floor.withMarkdown.push(await timed(process.execPath, [floorScript, sites.stillsite, '--markdown'], work));
    }
    // One line rewritten in a terminal, a line each in a log.
    process.stdout.write(
      `${process.stdout.isTTY ? '\r' : ''}${shape}, ${n} pages: clean builds, round ${round + 1} of ${runs}${process.stdout.isTTY ? '' : '\n'}`,
    );
  }
  // stillsite's rebuilds after its last clean build: nothing changed, then one page's body edited.
  const edited = path.join(sites.stillsite, editedFile(shape));
  const original = fs.readFileSync(edited, 'utf8');
  await build('stillsite', sites.stillsite, false);
  for (let round = 0; round < runs; round++) {
    figures.noChange.push(await build('stillsite', sites.stillsite, false));
    fs.writeFileSync(edited, `${original}\nEdit ${round + 1}: one more sentence.\n`);
    figures.oneEdit.push(await build('stillsite', sites.stillsite, false));
  }
  fs.writeFileSync(edited, original);
  figures.load.push(os.loadavg()[0]!);
  results.push(figures);
  process.stdout.write('\n');
}

const seconds = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(2)} s`);
const ratio = (a: Timing[] | undefined, b: Timing[] | undefined) =>
  a && b ? median(a.map((timing, i) => timing.wall / b[i]!.wall)) : undefined;
const wall = (list: Timing[] | undefined) => (list ? median(list.map((timing) => timing.wall)) : undefined);
const cpu = (list: Timing[] | undefined) => (list ? median(list.map((timing) => timing.cpu)) : undefined);
const memory = (list: Timing[] | undefined) => (list?.[0]?.memory === undefined ? undefined : median(list.map((timing) => timing.memory!)));
const cpuRatio = (a: Timing[] | undefined, b: Timing[] | undefined) =>
  a && b ? median(a.map((timing, i) => timing.cpu / b[i]!.cpu)) : undefined;
/** The smallest and largest of the rounds' ratios, the spread the median hides. */
const spread = (a: Timing[] | undefined, b: Timing[] | undefined) => {
  if (!a || !b) return undefined;
  const ratios = a.map((timing, i) => timing.wall / b[i]!.wall);
  return [Math.min(...ratios), Math.max(...ratios)] as const;
};
const figuresOf = (list: Timing[] | undefined) => ({ wall: wall(list), cpu: cpu(list), memory: memory(list) });
const rows = results.map((size) => ({
  shape: size.shape,
  pages: size.pages,
  hugo: figuresOf(size.clean.hugo),
  eleventy: figuresOf(size.clean.eleventy),
  stillsite: figuresOf(size.clean.stillsite),
  stillsiteOverEleventy: ratio(size.clean.stillsite, size.clean.eleventy),
  stillsiteOverHugo: ratio(size.clean.stillsite, size.clean.hugo),
  spreadOverEleventy: spread(size.clean.stillsite, size.clean.eleventy),
  spreadOverHugo: spread(size.clean.stillsite, size.clean.hugo),
  cpuOverEleventy: cpuRatio(size.clean.stillsite, size.clean.eleventy),
  cpuOverHugo: cpuRatio(size.clean.stillsite, size.clean.hugo),
  noChange: { wall: wall(size.noChange), cpu: cpu(size.noChange) },
  oneEdit: { wall: wall(size.oneEdit), cpu: cpu(size.oneEdit) },
  floor: size.floor && {
    node: wall(size.floor.node),
    packages: wall(size.floor.packages),
    withMarkdown: wall(size.floor.withMarkdown),
  },
  load: size.load,
}));
const floor = rows[0]!.floor!;

const table = [
  `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${versions.node}, Hugo ${versions.hugo ?? 'absent'}, Eleventy ${versions.eleventy}, stillsite ${versions.stillsite}; one warm-up and ${runs} clean builds each, interleaved; medians; load average ${loadAtStart.toFixed(1)} at the start`,
  '',
  '| shape | pages | Hugo wall (CPU, MB) | Eleventy wall (CPU, MB) | stillsite wall (CPU, MB) | stillsite / Eleventy: wall [rounds], CPU | stillsite / Hugo: wall [rounds], CPU | no-change rebuild | one-file-edit rebuild |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows
    .map((row) =>
      [
        row.shape,
        row.pages.toLocaleString('en-US'),
        ...[row.hugo, row.eleventy, row.stillsite].map(
          (tool) => `${seconds(tool.wall)} (${seconds(tool.cpu)}${tool.memory === undefined ? '' : `, ${Math.round(tool.memory)}`})`,
        ),
        `${row.stillsiteOverEleventy?.toFixed(2) ?? '—'} [${row.spreadOverEleventy?.map((r) => r.toFixed(2)).join('–') ?? '—'}], ${row.cpuOverEleventy?.toFixed(2) ?? '—'}`,
        `${row.stillsiteOverHugo?.toFixed(2) ?? '—'} [${row.spreadOverHugo?.map((r) => r.toFixed(2)).join('–') ?? '—'}], ${row.cpuOverHugo?.toFixed(2) ?? '—'}`,
        `${seconds(row.noChange.wall)} (CPU ${seconds(row.noChange.cpu)})`,
        `${seconds(row.oneEdit.wall)} (CPU ${seconds(row.oneEdit.cpu)})`,
      ].join(' | '),
    )
    .map((line) => `| ${line} |`),
].join('\n');
console.log(
  [
    `\n${table}\n`,
    `The start-up is the ${rows[0]!.pages}-page row's stillsite column (issue 44 asks for at most the floor below plus 0.1 s). In the same rounds,`,
    `Node doing nothing took ${seconds(floor.node)}; Node loading the engine's packages, compiling the site's site.config.tsx`,
    `with esbuild and rendering one page with them, with nothing of the engine, ${seconds(floor.packages)}, and`,
    `${seconds(floor.withMarkdown)} with the page's Markdown through unified (scripts/bench/start-up-floor.ts).`,
  ].join('\n'),
);

const outFile = path.resolve(root, values.out);
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(
  outFile,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadAtStart },
      versions,
      runs,
      rows,
      raw: results,
    },
    null,
    2,
  ),
);
console.log(`Figures written to ${path.relative(root, outFile)}.`);
if (!values.keep && !values.work) fs.rmSync(work, { recursive: true, force: true });
else console.log(`Sites and installs kept in ${work}.`);
