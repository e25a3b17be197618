import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unlessUnchanged, type Kept } from '../../src/core/file-stamps.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'file-stamps-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('a value kept with the stamps of the files it was made from', () => {
  const file = path.join(work, 'a.txt');
  const kept: Kept<string> = {};
  let made = 0;
  const read = () => unlessUnchanged([file], kept, async () => (made++, fs.readFileSync(file, 'utf8')));

  it('is made again only when a file changes, even to the same size and time', async () => {
    const time = new Date('2026-01-01T00:00:00Z');
    fs.writeFileSync(file, 'one');
    fs.utimesSync(file, time, time);
    expect(await read()).toBe('one');
    expect(await read()).toBe('one');
    expect(made).toBe(1);

    // Saved the way editors save: a new file renamed over the old, with the same size and times.
    const next = path.join(work, 'a.txt.new');
    fs.writeFileSync(next, 'two');
    fs.utimesSync(next, time, time);
    fs.renameSync(next, file);
    expect(await read()).toBe('two');
    expect(made).toBe(2);

    fs.rmSync(file);
    await expect(read()).rejects.toThrow(/ENOENT/);
    expect(made).toBe(3);
  });

  it('is always made without a place to keep it', async () => {
    fs.writeFileSync(file, 'three');
    let calls = 0;
    await unlessUnchanged([file], undefined, async () => calls++);
    await unlessUnchanged([file], undefined, async () => calls++);
    expect(calls).toBe(2);
  });
});
