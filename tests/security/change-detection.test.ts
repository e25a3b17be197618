import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unlessUnchanged, type Kept } from '../../src/core/file-stamps.ts';
import { bundleSiteCode } from '../../src/site/code.ts';
import { projectWorkFolder } from '../helpers/temp-folders.ts';
import { minimalProject, siteBuild } from './project.ts';

// Issue 39, hole 9: an edit that kept a file's size and modification time was missed ("nothing
// changed", and the stale page stayed). The change time, which no program can set back, is
// compared too.

const work = projectWorkFolder('security-changes-');

/** A minute ago, in whole seconds: a time `utimes` sets back exactly (a Date keeps only milliseconds). */
const A_MINUTE_AGO = Math.floor(Date.now() / 1000) - 60;

/** The minimal example in a folder of its own, every file's times a minute ago. */
function project() {
  const made = minimalProject(work);
  for (const relative of fs.readdirSync(made.root, { recursive: true, encoding: 'utf8' }))
    fs.utimesSync(path.join(made.root, relative), A_MINUTE_AGO, A_MINUTE_AGO);
  return made;
}

/** Rewrites a file in place (same inode) with `from` replaced by `to` of the same length, then sets its times back as they were. */
function editKeepingSizeAndTime(file: string, from: string, to: string): void {
  expect(to.length).toBe(from.length);
  const before = fs.statSync(file);
  expect(before.mtimeMs).toBe(A_MINUTE_AGO * 1000);
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
  fs.utimesSync(file, A_MINUTE_AGO, A_MINUTE_AGO);
  const after = fs.statSync(file);
  expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino]);
}

describe('an edit that keeps the file’s size and modification time', () => {
  it('is seen by `site build`: the page and the site code are built again, not "nothing changed"', () => {
    const { root, content } = project();
    const page = () => fs.readFileSync(path.join(root, 'dist', 'about', 'index.html'), 'utf8');
    const first = siteBuild(root);
    expect(first.status, first.stderr).toBe(0);
    const again = siteBuild(root);
    expect(again.stdout).toContain('nothing changed since the last build');

    editKeepingSizeAndTime(path.join(content, 'about.md'), 'three Markdown files', 'three Markdown pages');
    const afterContent = siteBuild(root);
    expect(afterContent.status, afterContent.stderr).toBe(0);
    expect(afterContent.stdout).not.toContain('nothing changed');
    expect(page()).toContain('three Markdown pages');

    // The site's code: its bundle is made again (it is kept by its files' stamps too).
    editKeepingSizeAndTime(path.join(root, 'site.config.tsx'), "name: 'Minimal'", "name: 'Maximal'");
    const afterCode = siteBuild(root);
    expect(afterCode.status, afterCode.stderr).toBe(0);
    expect(afterCode.stdout).not.toContain('nothing changed');
    expect(page()).toContain('Maximal');
  }, 120_000);

  it('is seen by a long-lived builder’s stamps (the dev server’s)', async () => {
    const file = path.join(fs.mkdtempSync(path.join(work, 'stamps-')), 'a.txt');
    fs.writeFileSync(file, 'one');
    fs.utimesSync(file, A_MINUTE_AGO, A_MINUTE_AGO);
    const kept: Kept<string> = {};
    const read = () => unlessUnchanged([file], kept, async () => fs.readFileSync(file, 'utf8'));
    expect(await read()).toBe('one');
    editKeepingSizeAndTime(file, 'one', 'two');
    expect(await read()).toBe('two');
  });

  it('makes the site code’s bundle again', async () => {
    const { root } = project();
    const entry = path.join(root, 'site.config.tsx');
    const first = await bundleSiteCode(entry, root);
    expect((await bundleSiteCode(entry, root)).hash).toBe(first.hash);
    editKeepingSizeAndTime(entry, "name: 'Minimal'", "name: 'Maximal'");
    expect((await bundleSiteCode(entry, root)).hash).not.toBe(first.hash);
  }, 60_000);
});
