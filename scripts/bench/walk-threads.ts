/**
 * The time the unist-util-visit-parents walk takes on each thread of a clean build of N bench
 * case studies with workers: with its patch (`patches/`), with the patch but results compared as
 * the package compares them, and without the patch (`without.ts`); builds alternated, each
 * profiled (`--cpu-prof`), the walk's samples summed per thread. The patch's second change exists
 * for the main thread of such a build (see the patch's comment); one thread alone does not show it.
 *
 *   node --conditions source scripts/bench/walk-threads.ts [--n 10000] [--rounds 3]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeCorpus } from './corpus.ts';
import { writeUnpatched } from './unpatched.ts';
import { WITHOUT } from './without.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { n: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '3' } } });
const patched = fs.readFileSync(path.join(root, WITHOUT['visit-parents']!.module), 'utf8');
const comparedAsThePackageDoes = patched
  .replace('result !== empty && result[0] === EXIT', 'result[0] === EXIT')
  .replace('(result === empty || result[0] !== SKIP)', 'result[0] !== SKIP')
  .replace('subresult !== empty && subresult[0] === EXIT', 'subresult[0] === EXIT');
if (comparedAsThePackageDoes.includes('empty ||') || comparedAsThePackageDoes.includes('!== empty')) throw new Error('the patch changed: update the variant');
fs.writeFileSync(path.join(root, WITHOUT['visit-parents-results']!.instead), comparedAsThePackageDoes);
writeUnpatched('patches/unist-util-visit-parents+6.1.0.patch', WITHOUT['visit-parents']!.module);
/** Each variant, as what `without.ts` takes out. */
const variants: Record<string, string> = {
  patched: '',
  'patched, results compared as the package does': 'visit-parents-results',
  unpatched: 'visit-parents',
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-walk-threads-'));
const content = path.join(work, 'content');
await writeCorpus(path.join(root, 'content'), content, Number(values.n));
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    const names = Object.keys(variants);
    for (const name of round % 2 === 0 ? names : names.reverse()) {
      const profiles = path.join(work, 'profiles');
      const out = execFileSync(
        process.execPath,
        [
          '--cpu-prof',
          '--cpu-prof-dir',
          profiles,
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
          path.join(work, 'out'),
        ],
        { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', SITE_BENCH_WITHOUT: variants[name] } },
      );
      const { buildMs, inWorkers } = JSON.parse(out.trim().split('\n').at(-1)!) as { buildMs: number; inWorkers: number };
      const threads = fs.readdirSync(profiles).sort().map((profile) => {
        // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile; thread 0 is the main thread.
        const thread = profile.split('.')[4] === '0' ? 'main thread' : `worker ${profile.split('.')[4]}`;
        return `${thread} ${walkMs(path.join(profiles, profile)).toFixed(0)} ms`;
      });
      console.log(`${name}: build ${(buildMs / 1000).toFixed(1)} s, ${inWorkers} pages in workers; the walk: ${threads.join(', ')}`);
      fs.rmSync(profiles, { recursive: true, force: true });
      fs.rmSync(path.join(work, 'out'), { recursive: true, force: true });
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

/** Milliseconds of a profile's samples in the walk's module. */
function walkMs(profile: string): number {
  const { nodes, samples, timeDeltas } = JSON.parse(fs.readFileSync(profile, 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { url: string } }>;
    samples: number[];
    timeDeltas: number[];
  };
  const inWalk = new Set(nodes.filter((node) => node.callFrame.url.includes('unist-util-visit-parents/lib/index.')).map((node) => node.id));
  let us = 0;
  samples.forEach((id, i) => {
    if (inWalk.has(id)) us += timeDeltas[i + 1] ?? 0;
  });
  return us / 1000;
}
