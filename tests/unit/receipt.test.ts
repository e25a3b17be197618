import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedSince, receiptFile, requestKey, takeSnapshot, upToDate, writeReceipt } from '../../src/runner/reuse/receipt.ts';
import { fileStamp } from '../../src/output/stamp.ts';

let work: string;
let content: string;
let code: string;
let out: string;
let lock: string;
let file: string;
const request = requestKey(['test']);

/** Writes a file, giving it a distinct modification time (some file systems count whole seconds). */
function put(target: string, text: string, secondsAgo = 100) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  const when = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(target, when, when);
}

/** Leaves a receipt as a build would: inputs listed, then the output written, then its stamps. */
function receipt() {
  const inputs = takeSnapshot([content, code], [lock]);
  writeReceipt(file, {
    request,
    out,
    inputs,
    outputs: ['index.html', 'a/index.html'].map((output) => [output, fileStamp(fs.statSync(path.join(out, output)))]),
    summary: { pages: 2, files: 2, externalLinks: [] },
  });
}

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-receipt-'));
  [content, code, out] = ['content', 'templates', 'dist'].map((name) => path.join(work, name)) as [string, string, string];
  lock = path.join(work, 'package-lock.json');
  file = receiptFile(path.join(work, 'cache'), out);
  put(path.join(content, 'index.md'), '# Home');
  put(path.join(content, 'a/page.md'), '# A');
  put(path.join(code, 'site.ts'), 'export default 1;');
  put(lock, '{}');
  put(path.join(out, 'index.html'), '<p>Home</p>');
  put(path.join(out, 'a/index.html'), '<p>A</p>');
  receipt();
});

afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

describe('a build receipt', () => {
  it('says the output is up to date while nothing moved, and returns what the build printed', () => {
    expect(upToDate(file, request, out)).toEqual({ pages: 2, files: 2, externalLinks: [] });
  });

  it('is nothing without a receipt, or for another request or output folder', () => {
    expect(upToDate(receiptFile(path.join(work, 'elsewhere'), out), request, out)).toBeUndefined();
    expect(upToDate(file, requestKey(['other']), out)).toBeUndefined();
    expect(upToDate(file, request, path.join(work, 'other-dist'))).toBeUndefined();
    fs.writeFileSync(file, '{ not json');
    expect(upToDate(file, request, out)).toBeUndefined();
  });

  it.each([
    ['a content file edited (same size, new time)', () => put(path.join(content, 'index.md'), '# Hame', 50)],
    ['a content file grown', () => fs.appendFileSync(path.join(content, 'a/page.md'), '\nMore.')],
    ['a content file added', () => put(path.join(content, 'b.md'), '# B')],
    ['a content file removed', () => fs.rmSync(path.join(content, 'a/page.md'))],
    ['a template edited', () => put(path.join(code, 'site.ts'), 'export default 2;', 50)],
    ['the lock file changed', () => put(lock, '{ }')],
    ['an output file edited by hand', () => put(path.join(out, 'index.html'), '<p>Hom</p>', 50)],
    ['an output file deleted', () => fs.rmSync(path.join(out, 'a/index.html'))],
    [
      'an output file replaced by an identical copy',
      () => {
        const target = path.join(out, 'index.html');
        fs.copyFileSync(target, `${target}.new`);
        fs.renameSync(`${target}.new`, target);
      },
    ],
  ])('is not up to date after %s', (_, change) => {
    change();
    expect(upToDate(file, request, out)).toBeUndefined();
  });

  it('varies with the SITE_* environment, NODE_ENV and the options, and with nothing else in the environment', () => {
    const base = { PATH: '/bin', NODE_ENV: 'production', SITE_ORIGIN: 'https://a.example' };
    expect(requestKey(['x'], base)).toBe(requestKey(['x'], { ...base, PATH: '/usr/bin', HOME: '/root' }));
    expect(requestKey(['x'], base)).not.toBe(requestKey(['x'], { ...base, SITE_ORIGIN: 'https://b.example' }));
    expect(requestKey(['x'], base)).not.toBe(requestKey(['x'], { ...base, SITE_GA_ID: 'G-ABC123' }));
    expect(requestKey(['x'], base)).not.toBe(requestKey(['x'], { ...base, NODE_ENV: 'development' }));
    expect(requestKey(['x'], base)).not.toBe(requestKey(['y'], base));
  });

  it('lists a link without following it, yet sees an edit of the file it leads to', () => {
    put(path.join(work, 'shared', 'part.ts'), 'export const a = 1;');
    fs.symlinkSync(path.join(work, 'shared', 'part.ts'), path.join(code, 'part.ts'));
    fs.symlinkSync('loop', path.join(code, 'loop'));
    fs.symlinkSync('..', path.join(code, 'up'));
    receipt();
    expect(takeSnapshot([code], []).folders[0]![1].map(([file]) => file)).toEqual(['loop', 'part.ts', 'site.ts', 'up']);
    expect(upToDate(file, request, out)).toBeDefined();
    put(path.join(work, 'shared', 'part.ts'), 'export const a = 2;', 50);
    expect(upToDate(file, request, out)).toBeUndefined();
  });

  it('names the inputs changed after a moment, so a build that raced an edit leaves no receipt', () => {
    // By their change time, which `put` cannot set back: the files were all made before this
    // moment, and the edit comes later by more than the file system clock's tick (a few ms).
    const before = Date.now();
    while (Date.now() < before + 20);
    expect(changedSince(takeSnapshot([content, code], [lock]), before)).toEqual([]);
    put(path.join(code, 'site.ts'), 'export default 3;', 0);
    expect(changedSince(takeSnapshot([content, code], [lock]), before)).toEqual([path.join(code, 'site.ts')]);
  });
});

describe('the up-to-date check and the snapshot of the build that follows it', () => {
  it('hand over the listing of a folder: a one-file edit lists the content once, and only once', () => {
    put(path.join(content, 'a/page.md'), '# A, edited', 10);
    expect(upToDate(file, request, out)).toBeUndefined();
    // Made after the check: the snapshot that follows it has the check's listing, which lacks it…
    put(path.join(content, 'b.md'), '# B', 5);
    const handed = takeSnapshot([content, code], [lock]);
    expect(handed.folders[0]![1].map(([name]) => name)).toEqual(['a/page.md', 'index.md']);
    // …so the receipt written from it differs from the folder next time: a build, never a hidden change.
    writeReceipt(file, { request, out, inputs: handed, outputs: [], summary: { pages: 2, files: 2, externalLinks: [] } });
    expect(upToDate(file, request, out)).toBeUndefined();
    // Each check lists the folder afresh, and its snapshot then sees the new file.
    expect(takeSnapshot([content, code], [lock]).folders[0]![1].map(([name]) => name)).toEqual(['a/page.md', 'b.md', 'index.md']);
  });
});
