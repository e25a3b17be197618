import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { removeAbandonedSideFolders } from '../../src/output/side-folders.ts';

/*
 * Fault injection: `bin/site build` runs in a child process, which is frozen (SIGSTOP) at many
 * moments, on a timer and whenever the folder of the output or the output itself changes. Frozen,
 * the disk is exactly what a SIGKILL at that moment would leave; each moment is checked: the
 * output is the previous build or the new one, file for file and byte for byte, or (between the
 * two renames of the swap) missing with the previous build set aside whole, which the next build
 * puts back. Some builds are then really killed (SIGKILL) at such a moment, and what the next
 * build's start does is checked too. Full builds and incremental ones alike; the two contents
 * differ in 25 of some 370 files, a change small enough that an older engine renamed the changed
 * files into the output one by one.
 */
const BIN = path.resolve('bin/site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-atomic-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const root = path.join(work, 'site');
fs.cpSync(path.resolve('tests/fixtures/own-site'), root, { recursive: true });
const dist = path.join(root, 'dist');

/** Two contents: 360 files of the public folder, of which the second changes 24, and the home page. */
function writeContent(variant: 0 | 1): void {
  for (let i = 0; i < 360; i++)
    fs.writeFileSync(path.join(root, 'public', `file-${i}.txt`), `file ${i}${variant && i % 15 === 0 ? ', changed' : ''}\n`);
  const home = path.join(root, 'content/index.md');
  const text = fs.readFileSync(home, 'utf8').replace(/\nVariant \d\.\n$/, '');
  fs.writeFileSync(home, `${text}\nVariant ${variant}.\n`);
}

/** Hashes of files already read, by inode, size and times: a frozen build is looked at often, and most files do not change. */
const hashes = new Map<string, string>();

/** A folder's files and their hashes as one string (a missing folder is undefined). */
function fingerprint(folder: string): string | undefined {
  if (!fs.existsSync(folder)) return undefined;
  const lines = fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stat = fs.statSync(file, { bigint: true });
      const key = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
      let hash = hashes.get(key);
      if (!hash) hashes.set(key, (hash = createHash('sha1').update(fs.readFileSync(file)).digest('hex')));
      return `${path.relative(folder, file)} ${hash}`;
    });
  return lines.sort().join('\n');
}

/** How many files two fingerprints do not share: missing from one, or with other bytes. */
function mixed(a: string, b: string): number {
  const [left, right] = [new Set(a.split('\n')), new Set(b.split('\n'))];
  const differing = [...left].filter((line) => !right.has(line)).concat([...right].filter((line) => !left.has(line)));
  return new Set(differing.map((line) => line.slice(0, line.lastIndexOf(' ')))).size;
}

const besideOutput = () => fs.readdirSync(root).filter((name) => name.startsWith('dist.'));

/** What a kill at this moment leaves: the output as it is, or the previous one set aside by a swap cut short. */
function momentState(): { output: string | undefined; asideOld: Array<string | undefined> } {
  return {
    output: fingerprint(dist),
    asideOld: besideOutput()
      .filter((name) => name.startsWith('dist.old-'))
      .map((name) => fingerprint(path.join(root, name))),
  };
}

/** The child's state: T when every thread of it is stopped, Z when it ended (not yet reaped), undefined once reaped. */
function processState(pid: number): string | undefined {
  const stateOf = (file: string) => {
    const stat = fs.readFileSync(file, { encoding: 'utf8', flag: 'r' });
    return stat.charAt(stat.lastIndexOf(')') + 2);
  };
  const threadState = (task: string) => {
    try {
      return stateOf(`/proc/${pid}/task/${task}/stat`);
    } catch {
      return 'T'; // a thread that has just ended
    }
  };
  try {
    const main = stateOf(`/proc/${pid}/stat`);
    if (main === 'Z' || main === 'X') return main;
    // A worker thread may still be writing a page for a moment after the main thread stopped.
    const threads = fs.readdirSync(`/proc/${pid}/task`).map(threadState);
    return threads.every((state) => state === 'T' || state === 't') ? 'T' : 'R';
  } catch {
    return undefined;
  }
}

interface Run {
  /** Every moment checked: the output then (undefined: missing), and what was set aside. */
  moments: Array<ReturnType<typeof momentState>>;
  killed: boolean;
  status: number | null;
}

/** Runs `site build`, freezing it at moments to look at the disk; SIGKILLs it at the `killAt`-th change beside the output. */
async function sampledBuild(killAt?: number, sample = true): Promise<Run> {
  const child = spawn(BIN, ['build', '--allow-shrink'], { cwd: root, stdio: 'ignore' });
  const pid = child.pid!;
  const result: Run = { moments: [], killed: false, status: null };
  let changes = 0;
  let done = false;
  const look = (onChange: boolean) => {
    if (done || result.killed || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(pid, 'SIGSTOP');
    } catch {
      return;
    }
    // SIGSTOP takes effect asynchronously: wait until every thread of the build has stopped (or it has ended).
    let state = processState(pid);
    while (state !== undefined && !/[tTZX]/.test(state)) state = processState(pid);
    if (state === undefined || /[ZX]/.test(state)) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Reaped already.
      }
      return;
    }
    result.moments.push(momentState());
    if (onChange && ++changes === killAt) {
      result.killed = true;
      process.kill(pid, 'SIGKILL');
    } else process.kill(pid, 'SIGCONT');
  };
  // A change beside the output (a staging folder made, a rename of the swap) is looked at each
  // time; a change inside it (each file of an old output removed) at most every 20 ms.
  let lastInside = 0;
  const inside = () => {
    if (Date.now() - lastInside < 20) return;
    lastInside = Date.now();
    look(false);
  };
  const watchers = sample ? [fs.watch(root, () => look(true))] : [];
  if (sample && fs.existsSync(dist)) watchers.push(fs.watch(dist, inside));
  // Besides every change on disk, now and then: the build must not spend its time frozen.
  const timer = setInterval(() => sample && look(false), 100);
  result.status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  done = true;
  clearInterval(timer);
  for (const watcher of watchers) watcher.close();
  return result;
}

/** Each moment left the old output or the new one, or no output with exactly the old one set aside whole. */
function expectEveryMomentWhole(run: Run, before: string, after: string): void {
  for (const [index, { output, asideOld }] of run.moments.entries()) {
    const where = `moment ${index + 1} of ${run.moments.length}`;
    if (output === undefined)
      expect(
        asideOld.map((tree) => tree === before),
        `${where}: no output, and set aside`,
      ).toEqual([true]);
    else
      expect(
        output === before || output === after,
        `${where}: ${mixed(output, before)} files differ from the previous build, ${mixed(output, after)} from the new one`,
      ).toBe(true);
  }
}

it('leaves the previous output or the new one whenever a build is killed, full or incremental', { timeout: 300_000 }, async () => {
  writeContent(0);
  const first = await sampledBuild(undefined, false);
  expect(first.status).toBe(0);
  const trees: [string, string] = [fingerprint(dist)!, ''];
  expect(trees[0].split('\n').length).toBeGreaterThan(360);

  // Incremental, to the end: the new tree is known from here on.
  writeContent(1);
  const second = await sampledBuild();
  expect(second.status).toBe(0);
  trees[1] = fingerprint(dist)!;
  expect(trees[1]).not.toBe(trees[0]);
  expectEveryMomentWhole(second, trees[0], trees[1]);
  let current: 0 | 1 = 1;
  let moments = second.moments.length;

  // Killed at the 1st change beside the output (its staging folder made: always still running), then
  // at the 3rd and 2nd (about the swap, if it still runs by then): a full build (no build cache), then incremental ones.
  let killed = 0;
  for (const [killAt, full] of [
    [1, true],
    [3, false],
    [2, false],
  ] as const) {
    const next = (1 - current) as 0 | 1;
    writeContent(next);
    if (full) fs.rmSync(path.join(root, '.site-cache/build'), { recursive: true, force: true });
    const run = await sampledBuild(killAt);
    moments += run.moments.length;
    killed += Number(run.killed);
    expectEveryMomentWhole(run, trees[current], trees[next]);
    // What the next build does first: put an output set aside back, remove what the killed one left.
    removeAbandonedSideFolders(dist);
    expect(besideOutput()).toEqual([]);
    const now = fingerprint(dist);
    expect([trees[current], trees[next]]).toContain(now);
    current = now === trees[next] ? next : current;
  }

  // The build after the kills runs to the end, leaving nothing beside the output, not even the lock.
  const last = (1 - current) as 0 | 1;
  writeContent(last);
  const final = await sampledBuild();
  expect(final.status).toBe(0);
  expectEveryMomentWhole(final, trees[current], trees[last]);
  expect(fingerprint(dist)).toBe(trees[last]);
  expect(besideOutput()).toEqual([]);
  expect(fs.readdirSync(path.join(root, '.site-cache/build')).filter((name) => name.endsWith('.lock'))).toEqual([]);
  moments += final.moments.length;
  expect(moments).toBeGreaterThan(30);
  expect(killed).toBeGreaterThan(0);
});
