/**
 * `npm run check`: the quality gates of issue 6 over the built site. Builds dist/ only when it is
 * missing (or with --build), serves it on 127.0.0.1, runs every gate, prints each finding as
 * page, rule, message and fix, and exits 1 on any finding, 2 on a usage error.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { gates } from './check/gates.ts';
import { runChecks } from './check/run.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const names = gates.map((gate) => gate.name);
const list = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
];

const program = new Command('check')
  .description('Run the quality gates (accessibility, valid HTML, structured data, …) over a built site.')
  .option('--dist <dir>', 'the built site to check', 'dist')
  .option('--build', 'rebuild the site first, even when the folder exists')
  .option('--gate <names>', `only these gates, comma-separated or repeated: ${names.join(', ')}`, list)
  .option('--pages <globs>', "only pages whose URL path matches, e.g. '/projects/**' or /,/contact", list)
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });

try {
  program.parse();
} catch (error) {
  process.exit(error instanceof CommanderError && error.exitCode === 0 ? 0 : 2);
}
const { dist, build, gate: only = [], pages = [] } = program.opts<{ dist: string; build?: boolean; gate?: string[]; pages?: string[] }>();

const unknown = only.filter((name) => !names.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown gate ${unknown.map((name) => `"${name}"`).join(', ')}: expected one of ${names.join(', ')}.`);
  process.exit(2);
}

const distDir = path.resolve(dist);
if (build || !fs.existsSync(path.join(distDir, 'index.html'))) {
  console.log(`Building the site into ${path.relative(process.cwd(), distDir) || '.'} first…`);
  const built = spawnSync(path.join(root, 'bin/site'), ['build', '--out', distDir], { stdio: 'inherit', cwd: root });
  if (built.status !== 0) process.exit(1);
}

const chosen = only.length > 0 ? gates.filter((gate) => only.includes(gate.name)) : gates;
try {
  const { failed } = await runChecks({ distDir, gates: chosen, pagePatterns: pages });
  process.exit(failed ? 1 : 0);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
