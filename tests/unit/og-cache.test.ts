import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { imageCache } from '../../src/runner/caches/og-cache.ts';
import { tempFolders } from '../helpers/temp-folders.ts';

const tempFolder = tempFolders('site-og-cache-');

it('removes the temporary files of drawings that were killed, and keeps those of drawings still running', async () => {
  const dir = tempFolder();
  const ended = spawnSync(process.execPath, ['-e', '']).pid!;
  const killed = `abc.png.${ended}-0badf00d.tmp`;
  const running = `def.png.${process.ppid}-0badf00d.tmp`;
  for (const name of [killed, running, 'abc.png', 'notes.tmp']) fs.writeFileSync(path.join(dir, name), 'x');
  const cache = imageCache(dir);
  expect(fs.readdirSync(dir).sort()).toEqual(['abc.png', running, 'notes.tmp'].sort());
  await cache.write('ghi', new Uint8Array([1, 2, 3]));
  expect(cache.has('ghi')).toBe(true);
  expect(
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.tmp'))
      .sort(),
  ).toEqual([running, 'notes.tmp'].sort());
});
