import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevServer, stopDevServer } from '../e2e/global-setup.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-serve-children-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The child processes of `pid` as `ps` lists them: state and name (`Z esbuild` is a zombie). */
function children(pid: number): string[] {
  const listed = spawnSync('ps', ['--ppid', String(pid), '-o', 'stat=,comm='], { encoding: 'utf8' }).stdout;
  return listed
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

describe('site serve', () => {
  it('leaves no esbuild process behind when a rebuild replaces its build worker', async () => {
    const root = path.join(work, 'site');
    fs.cpSync('tests/fixtures/own-site', root, { recursive: true });
    const server = await startDevServer(['serve', '--port', '0', '--root', root]);
    try {
      const pid = server.child.pid!;
      const first = children(pid);
      expect(first.some((line) => line.endsWith('esbuild'))).toBe(true);
      const config = path.join(root, 'site.config.tsx');
      for (let edit = 1; edit <= 4; edit++) {
        // An edit to the site definition is a code change: the dev server starts a fresh build worker for it.
        const built = (server.output().match(/✔ Built/g) ?? []).length;
        fs.appendFileSync(config, `\n// edit ${edit}\n`);
        await expect.poll(() => (server.output().match(/✔ Built/g) ?? []).length, { timeout: 30_000, interval: 100 }).toBe(built + 1);
      }
      // The replaced worker's esbuild is reaped just after the new build starts: allow it that moment.
      await expect.poll(() => children(pid).filter((line) => line.startsWith('Z')), { timeout: 5000 }).toEqual([]);
      expect(children(pid).length).toBeLessThanOrEqual(first.length);
    } finally {
      await stopDevServer(server.child);
    }
  }, 180_000);
});
