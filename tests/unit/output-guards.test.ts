import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputNotOursError, OUTPUT_SIGNATURE } from '../../src/output/ownership.ts';
import { OutputShrinkError } from '../../src/output/shrink-guard.ts';
import { removeAbandonedSideFolders } from '../../src/output/side-folders.ts';
import { diskWriter, type OutputFile } from '../../src/output/write.ts';
import { tempFolders } from '../helpers/temp-folders.ts';

const tempFolder = tempFolders('site-output-');

/** The pid of a process that has ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
/** What every build's output holds, and tells it from a folder of someone's. */
const HEADERS: OutputFile = { path: '_headers', contents: `# Response headers\n# ${OUTPUT_SIGNATURE}\n` };
const pages = (count: number): OutputFile[] => [
  HEADERS,
  ...Array.from({ length: count }, (_, i) => ({ path: `page-${i}/index.html`, contents: `<p>${i}</p>` })),
];
const images = (count: number): OutputFile[] =>
  Array.from({ length: count }, (_, i) => ({ path: `images/photo-${i}.webp`, contents: `webp ${i}` }));
const listing = (folder: string) => fs.readdirSync(folder).sort();

describe('folders that killed builds leave beside the output', () => {
  it('are removed when their build is gone, and kept while it runs', () => {
    const parent = tempFolder();
    const target = path.join(parent, 'dist');
    fs.mkdirSync(target);
    const dead = endedPid();
    const make = (name: string) => fs.mkdirSync(path.join(parent, name, 'sub'), { recursive: true });
    make(`dist.tmp-${dead}-aaaaaaaa`);
    make(`dist.old-${dead}-bbbbbbbb`);
    make(`dist.tmp-${process.pid}-cccccccc`);
    make(`dist.tmp-${process.ppid}-dddddddd`);
    make(`other.tmp-${dead}-eeeeeeee`);
    make(`dist.tmp-${dead}-not-ours`);
    expect(
      removeAbandonedSideFolders(target)
        .map((folder) => path.basename(folder))
        .sort(),
    ).toEqual([`dist.old-${dead}-bbbbbbbb`, `dist.tmp-${dead}-aaaaaaaa`]);
    expect(listing(parent)).toEqual(
      [
        'dist',
        `dist.tmp-${dead}-not-ours`,
        `dist.tmp-${process.pid}-cccccccc`,
        `dist.tmp-${process.ppid}-dddddddd`,
        `other.tmp-${dead}-eeeeeeee`,
      ].sort(),
    );
  });

  it('are removed after a day whatever process has their pid now', () => {
    const parent = tempFolder();
    const stale = path.join(parent, `dist.tmp-${process.ppid}-aaaaaaaa`);
    fs.mkdirSync(stale);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync(stale, twoDaysAgo, twoDaysAgo);
    expect(removeAbandonedSideFolders(path.join(parent, 'dist'))).toEqual([stale]);
  });

  it('put back an output a swap left aside when the output itself is missing', () => {
    const parent = tempFolder();
    const aside = path.join(parent, `dist.old-${endedPid()}-aaaaaaaa`);
    fs.mkdirSync(aside);
    fs.writeFileSync(path.join(aside, 'index.html'), 'the last good build');
    removeAbandonedSideFolders(path.join(parent, 'dist'));
    expect(listing(parent)).toEqual(['dist']);
    expect(fs.readFileSync(path.join(parent, 'dist', 'index.html'), 'utf8')).toBe('the last good build');
  });

  it('are removed by the next disk writer of that output', () => {
    const parent = tempFolder();
    fs.mkdirSync(path.join(parent, `dist.tmp-${endedPid()}-aaaaaaaa`));
    diskWriter(path.join(parent, 'dist'));
    expect(listing(parent)).toEqual([]);
  });
});

describe('an output that would lose more than half of its pages', () => {
  it('is left as it was, with nothing beside it, when the writer guards it', async () => {
    const parent = tempFolder();
    const out = path.join(parent, 'dist');
    await diskWriter(out, { guardShrink: true }).write(pages(10));
    await expect(diskWriter(out, { guardShrink: true }).write(pages(4))).rejects.toThrow(OutputShrinkError);
    await expect(diskWriter(out, { guardShrink: true }).write(pages(4))).rejects.toThrow('This build would leave 4 of the 10 pages in');
    expect(fs.readdirSync(out, { recursive: true }).filter((file) => String(file).endsWith('.html'))).toHaveLength(10);
    expect(listing(parent)).toEqual(['dist']);
  });

  it('counts every file of the output, not only its pages', async () => {
    const out = path.join(tempFolder(), 'dist');
    await diskWriter(out, { guardShrink: true }).write([...pages(10), ...images(40)]);
    const write = diskWriter(out, { guardShrink: true }).write([...pages(10), ...images(5)]);
    await expect(write).rejects.toThrow(OutputShrinkError);
    await expect(write).rejects.toThrow('This build would leave 16 of the 51 files in');
    expect(fs.readdirSync(path.join(out, 'images'))).toHaveLength(40);
  });

  it('is replaced when half of the pages or more remain, or when the writer does not guard it', async () => {
    const out = path.join(tempFolder(), 'dist');
    await diskWriter(out, { guardShrink: true }).write(pages(10));
    await diskWriter(out, { guardShrink: true }).write(pages(5));
    expect(fs.readdirSync(out)).toHaveLength(6);
    await diskWriter(out).write(pages(1));
    expect(fs.readdirSync(out)).toHaveLength(2);
  });
});

describe('a folder that no build wrote', () => {
  it('is never replaced: the write rejects and every file stays', async () => {
    const parent = tempFolder();
    const out = path.join(parent, 'notes');
    fs.mkdirSync(path.join(out, '.git'), { recursive: true });
    fs.writeFileSync(path.join(out, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(path.join(out, 'draft.md'), '# Mine');
    const write = diskWriter(out).write(pages(3));
    await expect(write).rejects.toThrow(OutputNotOursError);
    await expect(write).rejects.toThrow(`${out} holds files that no build of this engine wrote`);
    expect(fs.readFileSync(path.join(out, 'draft.md'), 'utf8')).toBe('# Mine');
    expect(listing(out)).toEqual(['.git', 'draft.md']);
    expect(listing(parent)).toEqual(['notes']);
  });

  it('may be replaced when it holds no file, or a build wrote it', async () => {
    const out = path.join(tempFolder(), 'dist');
    fs.mkdirSync(path.join(out, 'empty', 'too'), { recursive: true });
    await diskWriter(out).write(pages(2));
    await diskWriter(out).write(pages(3));
    expect(listing(out)).toEqual(['_headers', 'page-0', 'page-1', 'page-2']);
  });
});
