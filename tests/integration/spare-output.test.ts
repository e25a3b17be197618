import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `site build` keeps the output it replaced in the build cache (runner/reuse/spare-output.ts) and
// stages the next output in it, so a one-file edit links and writes a few files instead of every
// one. Whatever that folder holds, the output must be what a clean build makes.
const BIN = path.resolve('bin/site');
const OWN_SITE = path.resolve('tests/fixtures/own-site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-spare-output-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function siteWithPages(name: string): string {
  const root = path.join(work, name);
  fs.cpSync(OWN_SITE, root, { recursive: true });
  for (let i = 1; i <= 6; i++) writePage(root, `notes/note-${i}.md`, `Note ${i}`, `Body of note ${i}.`);
  return root;
}

/** A site built three times, the third after an edit of one page, so that its cache holds a spare output. */
function siteWithSpare(name: string, edit: string): string {
  const root = siteWithPages(name);
  build(root);
  build(root);
  writePage(root, 'notes/note-1.md', 'Note 1', edit);
  build(root);
  return root;
}

function writePage(root: string, relative: string, title: string, body: string): void {
  const file = path.join(root, 'content', relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\n${body}\n`);
}

function build(root: string, out = 'dist'): void {
  const result = spawnSync(BIN, ['build', '--out', out], { cwd: root, encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
}

/** Every file below a folder with its bytes, following no links. */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = entry.isFile() ? fs.readFileSync(file, 'base64') : entry.isDirectory() ? 'folder' : 'other';
  }
  return files;
}

/** The output of a clean build of the same content: a first build into another folder of the same project. */
function cleanBuild(root: string): Record<string, string> {
  const out = `clean-${Math.random().toString(36).slice(2)}`;
  build(root, out);
  return tree(path.join(root, out));
}

function spareOf(root: string): string | undefined {
  const cache = path.join(root, '.site-cache/build');
  const name = fs.readdirSync(cache).find((entry) => entry.endsWith('.spare'));
  return name && path.join(cache, name);
}

describe('the output a build replaced, kept to stage the next one in', () => {
  it('is kept in the build cache, its unchanged files the same as the output’s, and every rebuild gives a clean build’s bytes', {
    timeout: 120_000,
  }, () => {
    const root = siteWithPages('edits');
    build(root);
    writePage(root, 'notes/note-1.md', 'Note 1', 'An edited body.');
    build(root);
    const spare = spareOf(root);
    expect(spare).toBeDefined();
    // An unchanged page is one file under two names: the output's and the spare's.
    const unchanged = 'notes/note-3/index.html';
    expect(fs.statSync(path.join(spare!, unchanged)).ino).toBe(fs.statSync(path.join(root, 'dist', unchanged)).ino);
    expect(tree(path.join(root, 'dist'))).toEqual(cleanBuild(root));

    // Pages added, removed and edited, twice, so that each build stages in the one before last.
    writePage(root, 'notes/deeper/note-7.md', 'Note 7', 'A new page in a new folder.');
    fs.rmSync(path.join(root, 'content/notes/note-2.md'));
    build(root);
    expect(tree(path.join(root, 'dist'))).toEqual(cleanBuild(root));
    writePage(root, 'notes/note-1.md', 'Note 1', 'Edited again.');
    fs.rmSync(path.join(root, 'content/notes/deeper'), { recursive: true });
    build(root);
    expect(tree(path.join(root, 'dist'))).toEqual(cleanBuild(root));
  });

  it('is checked file by file: strays, other bytes and links in it never reach the output, and what a link leads to is left alone', {
    timeout: 120_000,
  }, () => {
    const root = siteWithSpare('tampered', 'A first edit.');
    const spare = spareOf(root)!;
    // A stray file and folder; a kept page with other bytes (a file of its own, not the output's);
    // a folder where a page's file is; a link to a folder outside, holding a file.
    fs.writeFileSync(path.join(spare, 'stray.html'), 'stray');
    fs.mkdirSync(path.join(spare, 'stray-folder/inner'), { recursive: true });
    fs.writeFileSync(path.join(spare, 'stray-folder/inner/page.html'), 'stray');
    fs.rmSync(path.join(spare, 'notes/note-4/index.html'));
    fs.writeFileSync(path.join(spare, 'notes/note-4/index.html'), 'other bytes');
    fs.rmSync(path.join(spare, 'notes/note-5/index.html'));
    fs.mkdirSync(path.join(spare, 'notes/note-5/index.html/deeper'), { recursive: true });
    const outside = path.join(work, 'outside');
    fs.mkdirSync(outside, { recursive: true });
    fs.writeFileSync(path.join(outside, 'keep-me.txt'), 'mine');
    fs.symlinkSync(outside, path.join(spare, 'notes/note-6/linked'));
    // The page being edited has a file of its own in the spare, where the render threads write.
    writePage(root, 'notes/note-3.md', 'Note 3', 'A second edit.');
    build(root);
    expect(tree(path.join(root, 'dist'))).toEqual(cleanBuild(root));
    expect(fs.readFileSync(path.join(outside, 'keep-me.txt'), 'utf8')).toBe('mine');
    expect(spareOf(root)).toBeDefined();
  });

  it('writes no page through a link the spare holds where a page folder is', { timeout: 120_000 }, () => {
    const root = siteWithSpare('linked-folder', 'A first edit.');
    const spare = spareOf(root)!;
    const outside = path.join(work, 'outside-folder');
    fs.mkdirSync(outside, { recursive: true });
    fs.rmSync(path.join(spare, 'notes/note-1'), { recursive: true });
    fs.symlinkSync(outside, path.join(spare, 'notes/note-1'));
    writePage(root, 'notes/note-1.md', 'Note 1', 'A second edit.');
    build(root);
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(tree(path.join(root, 'dist'))).toEqual(cleanBuild(root));
  });

  it('never lets a hand edit of an output file, which the spare shares, reach the next output', { timeout: 120_000 }, () => {
    const root = siteWithSpare('hand-edit', 'An edit.');
    // Written in place, as an editor may: the spare's name of the file sees the same bytes.
    fs.appendFileSync(path.join(root, 'dist/notes/note-2/index.html'), '<!-- by hand -->');
    writePage(root, 'notes/note-1.md', 'Note 1', 'Another edit.');
    build(root);
    expect(tree(path.join(root, 'dist'))).toEqual(cleanBuild(root));
    expect(spareOf(root)).toBeDefined();
  });

  it('leaves the output as it was when a build fails after rendering into it: a page is replaced in the spare, never written through', {
    timeout: 120_000,
  }, () => {
    const root = siteWithPages('failing');
    build(root);
    writePage(root, 'notes/note-1.md', 'Note 1', 'An edit.');
    build(root);
    const before = tree(path.join(root, 'dist'));
    // note-3's page is one file in the spare and the output; it renders again, and a broken link elsewhere fails the build.
    writePage(root, 'notes/note-3.md', 'Note 3', 'Rendered again.');
    writePage(root, 'notes/note-4.md', 'Note 4', 'See [nowhere](/no-such-page/).');
    const result = spawnSync(BIN, ['build'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(tree(path.join(root, 'dist'))).toEqual(before);
    // The staging of a failed build is given back, to stage the next one in.
    expect(spareOf(root)).toBeDefined();
  });
});
