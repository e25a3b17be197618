/**
 * What listing the content folder costs with the symlink-checking walk (`src/content/walk.ts`)
 * against the fast-glob calls it replaced, on 100 folders of 100 Markdown files and an SVG each:
 * the shape of the 10,000-page build. Prints the mean CPU time (user and system, steadier than
 * the wall clock on a shared machine) of 10 passes after 3 warm-up passes.
 *
 *   node --conditions source scripts/bench/content-scan.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { walkFolder } from '../../src/content/walk.ts';
import { inputBounds } from '../../src/safety/input-bounds.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-bench-'));
const content = path.join(root, 'content');
for (let d = 0; d < 100; d++) {
  fs.mkdirSync(path.join(content, `d${d}`), { recursive: true });
  for (let f = 0; f < 100; f++) fs.writeFileSync(path.join(content, `d${d}`, `p${f}.md`), 'x');
  fs.writeFileSync(path.join(content, `d${d}`, 'a.svg'), '<svg/>');
}
const bounds = inputBounds({ root, contentDir: content });

async function time(name: string, pass: () => unknown): Promise<void> {
  for (let i = 0; i < 3; i++) await pass();
  const start = process.cpuUsage();
  for (let i = 0; i < 10; i++) await pass();
  const used = process.cpuUsage(start);
  console.log(`${name.padEnd(34)} ${((used.user + used.system) / 10_000).toFixed(1)} ms CPU`);
}

try {
  await time('fast-glob **/*.md', () => fg('**/*.md', { cwd: content, onlyFiles: true, dot: false }));
  await time('walkFolder, Markdown', () => walkFolder(content, bounds, (relative) => relative.endsWith('.md')));
  await time('fast-glob **/* !**/*.md', () => fg(['**/*', '!**/*.md'], { cwd: content, onlyFiles: true, dot: false }));
  await time('walkFolder, all but Markdown', () => walkFolder(content, bounds, (relative) => !relative.endsWith('.md')));
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
