import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStamp } from '../../src/output/stamp.ts';
import { MIN_PAGES_FOR_WRITER, pageWriter } from '../../src/runner/page-writer.ts';
import { tempFolders } from '../helpers/temp-folders.ts';

const staging = tempFolders('page-writer-');

const page = (i: number) => ({ path: `case-studies/case-${i}/index.html`, bytes: Buffer.from(`<h1>Case ${i}</h1>`) });

describe('pageWriter', () => {
  it('writes many pages from its thread, each resolving to the stamp of the file it wrote', async () => {
    const dir = staging();
    const pages = Array.from({ length: MIN_PAGES_FOR_WRITER }, (_, i) => page(i));
    const writer = pageWriter(dir, pages.length);
    const stamps = await Promise.all(pages.map(({ path: file, bytes }) => writer.write(file, bytes)));
    await writer.close();
    expect(writer.inThread).toBe(pages.length);
    pages.forEach(({ path: file, bytes }, i) => {
      const written = path.join(dir, file);
      expect(fs.readFileSync(written)).toEqual(bytes);
      expect(stamps[i]).toBe(fileStamp(fs.statSync(written)));
    });
  });

  it('writes the pages of a small site itself, without starting the thread', async () => {
    const dir = staging();
    const writer = pageWriter(dir, 3);
    const stamps = await Promise.all([0, 1, 2].map((i) => writer.write(page(i).path, page(i).bytes)));
    await writer.close();
    expect(writer.inThread).toBe(0);
    expect(stamps[2]).toBe(fileStamp(fs.statSync(path.join(dir, page(2).path))));
  });

  it('rejects a page it cannot write with the system error, in the thread as here', async () => {
    for (const pages of [MIN_PAGES_FOR_WRITER, 1]) {
      const dir = staging();
      // A folder name longer than any file system takes (a file where a folder should be is made way
      // for: the staging may be the last output's spare, see output/write.ts).
      const writer = pageWriter(dir, pages);
      await expect(writer.write(`${'x'.repeat(300)}/index.html`, page(1).bytes)).rejects.toMatchObject({
        code: 'ENAMETOOLONG',
        syscall: 'mkdir',
      });
      await writer.close();
    }
  });

  it('writes what is sent after it closed here, so no page is lost', async () => {
    const dir = staging();
    const writer = pageWriter(dir, MIN_PAGES_FOR_WRITER);
    await writer.write(page(1).path, page(1).bytes);
    await writer.close();
    await writer.write(page(2).path, page(2).bytes);
    expect(writer.inThread).toBe(1);
    expect(fs.readFileSync(path.join(dir, page(2).path), 'utf8')).toBe('<h1>Case 2</h1>');
  });
});
