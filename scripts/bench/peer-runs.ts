/**
 * What the peer benchmarks share (`peers.ts`, `multilingual.ts`): this repository's package
 * packed and installed as a user installs it, beside the peers' own packages, and a command run
 * to its end in a process of its own, timed from spawn to exit.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Timing {
  wall: number;
  cpu: number;
  /** Peak resident memory of the largest process of the run, in MB (GNU time's %M), when /usr/bin/time is there. */
  memory?: number;
}

const GNU_TIME = '/usr/bin/time';
const hasGnuTime = fs.existsSync(GNU_TIME);

/** User + system seconds of the children this process has waited for (Linux: /proc/self/stat). */
function childCpu(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5), cutime and cstime, counted from field 3 (the state) here.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Runs a command to its end, timed from spawn to exit; its output is kept only to explain a failure. `work` holds GNU time's report. */
export function timed(command: string, args: string[], cwd: string, work: string): Promise<Timing> {
  const cpu = childCpu();
  const started = performance.now();
  const memoryFile = path.join(work, 'peak-memory.txt');
  if (hasGnuTime) [command, args] = [GNU_TIME, ['-f', '%M', '-o', memoryFile, command, ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NODE_ENV: 'production', TZ: 'UTC' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const timing: Timing = { wall: (performance.now() - started) / 1000, cpu: childCpu() - cpu };
      if (hasGnuTime) timing.memory = Number(fs.readFileSync(memoryFile, 'utf8').trim().split('\n').at(-1)) / 1024;
      if (code === 0) resolve(timing);
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${stderr.slice(-2000)}`));
    });
  });
}

/** Runs a command and returns what it printed; a failure throws with its output. */
export function sh(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`.slice(-3000));
  return result.stdout;
}

/**
 * This repository's package packed (`npm pack`, which compiles lib/) and installed into `work`
 * with `dependencies` from the registry, as a user installs it; an earlier install there is reused.
 * Returns the path of the installed `site` command.
 */
export function installPacked(root: string, work: string, dependencies: Record<string, string> = {}, label = 'bench'): string {
  const stillsite = path.join(work, 'node_modules/stillsite/bin/site');
  const packed = fs.existsSync(path.join(work, 'packed')) ? fs.readdirSync(path.join(work, 'packed')) : [];
  const wanted = Object.keys(dependencies).every((name) => fs.existsSync(path.join(work, 'node_modules', name, 'package.json')));
  if (fs.existsSync(stillsite) && packed.length && wanted) {
    console.log(`${label}: reusing the installs in ${work}`);
    return stillsite;
  }
  console.log(`${label}: packing stillsite (npm pack, which compiles lib/)...`);
  fs.mkdirSync(path.join(work, 'packed'), { recursive: true });
  // Packing compiles lib/ into the checkout (prepack): the checkout is left as it was found.
  const hadLib = fs.existsSync(path.join(root, 'lib'));
  const tarball = sh('npm', ['pack', '--silent', '--pack-destination', path.join(work, 'packed')], root)
    .trim()
    .split('\n')
    .at(-1)!;
  if (!hadLib) fs.rmSync(path.join(root, 'lib'), { recursive: true, force: true });
  const { peerDependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    peerDependencies: Record<string, string>;
  };
  const manifest = {
    name: 'peers',
    private: true,
    type: 'module',
    dependencies: { ...dependencies, stillsite: `file:packed/${tarball}`, ...peerDependencies },
  };
  fs.writeFileSync(path.join(work, 'package.json'), JSON.stringify(manifest, null, 2));
  console.log(`${label}: installing ${[...Object.keys(dependencies), 'the stillsite tarball'].join(', ')} from the npm registry...`);
  sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], work);
  return stillsite;
}
