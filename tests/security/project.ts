import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from '../../src/build.ts';
import { formatDiagnosticLine } from '../../src/diagnostics/print.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { loadSite } from '../../src/site/load.ts';

/** The guide's minimal example site, copied into `work` (a folder inside the project, so that its packages resolve). */
export function minimalProject(work: string): { root: string; content: string; publicDir: string } {
  const root = fs.mkdtempSync(path.join(work, 'site-'));
  fs.cpSync(path.resolve('docs/examples/minimal'), root, { recursive: true });
  return { root, content: path.join(root, 'content'), publicDir: path.join(root, 'public') };
}

/** `site build` run as a user runs it, in a process of its own: its exit code and what it printed. */
export function siteBuild(root: string, out = path.join(root, 'dist')): { status: number | null; stdout: string; stderr: string } {
  // Bounded, so that a build that never ends (a walk of `/usr`, issue 39) fails its test instead of hanging it.
  return spawnSync(process.execPath, [path.resolve('bin/site'), 'build', '--root', root, '--out', out], {
    encoding: 'utf8',
    timeout: 50_000,
    killSignal: 'SIGKILL',
  });
}

/** The site at `root` loaded from its code (so the build knows its source) and built in memory: the files written and each problem as printed. */
export async function buildInMemory(root: string) {
  const writer = memoryWriter();
  const result = await build(await loadSite(root), writer, { threads: 0, cache: false });
  const lines = result.diagnostics.map((d) => `${formatDiagnosticLine(d, root)}  [${d.code}]`);
  return { result, writer, lines, published: [...writer.files.keys()].sort() };
}
