import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/site');
const OWN_SITE = path.resolve('tests/fixtures/own-site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-cli-errors-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A copy of the own-site fixture (relative paths, no root) in a fresh folder, with files added or replaced. */
function ownSite(name: string, files: Record<string, string> = {}): string {
  const root = path.join(work, name);
  fs.cpSync(OWN_SITE, root, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const run = (cwd: string, ...args: string[]) => spawnSync(BIN, args, { cwd, encoding: 'utf8' });
const post = (title: string, extra = '') => `---\ntitle: ${title}\ndescription: About ${title}.\n${extra}---\nText.\n`;
const posts = (count: number, extra = '') =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`content/posts/bulk-${i + 1}.md`, post(`Post ${i + 1}`, extra)]));
const config = (root: string) => fs.readFileSync(path.join(root, 'site.config.tsx'), 'utf8');
const lineOf = (text: string, fragment: string) => text.split('\n').findIndex((line) => line.includes(fragment)) + 1;
/** A stack trace's frames: what no input may print. */
const STACK = /\n\s+at /;

describe('site build on a site of its own', () => {
  it('builds one whose definition names every folder relative to the project, with no root', () => {
    const root = ownSite('relative');
    const result = run(root, 'build');
    expect(result.status, result.stderr).toBe(0);
    const home = fs.readFileSync(path.join(root, 'dist/index.html'), 'utf8');
    expect(home).toContain('data-island="Counter"');
    expect(home).toContain('<link rel="icon" href="/favicon.svg"');
  });

  it('reports every mistake of the site definition at its line, with suggestions, exit 1 and no stack', () => {
    const root = ownSite('bad-definition');
    const broken = config(root)
      .replace("contentDir: 'content'", "contentDir: 'contnet'")
      .replace("template: 'post' })", "template: 'pots' })")
      .replace("styles: ['main']", "styles: ['mian']")
      .replace(
        "notFound: '/404',",
        "notFound: '/404',\n  feeds: [{ collection: 'posts', title: 'Posts', description: 'All posts' }] as never,",
      );
    fs.writeFileSync(path.join(root, 'site.config.tsx'), broken);
    const result = run(root, 'build');
    expect(result.status).toBe(1);
    expect(result.stderr).not.toMatch(STACK);
    const at = (fragment: string) => `site.config.tsx:${lineOf(broken, fragment)}`;
    expect(result.stderr).toContain(
      `${at("contentDir: 'contnet'")}  contentDir: expected an existing folder, found "contnet" (read from the project root: ${path.join(root, 'contnet')})  [missing-path]\n    hint: did you mean "content"?`,
    );
    expect(result.stderr).toContain(
      `${at("template: 'pots'")}  collections[0].template: expected one of post, found "pots"  [unknown-template]\n    hint: did you mean "post"?`,
    );
    expect(result.stderr).toContain(
      `${at("styles: ['mian']")}  templates.post.styles[0]: expected one of main, found "mian"  [unknown-stylesheet]`,
    );
    expect(result.stderr).toContain(
      `${at('feeds:')}  feeds[0].rss: expected a root-relative path such as /blog/rss.xml, found nothing  [missing-field]`,
    );
    expect(result.stderr).toContain('✖ 5 errors in 1 file. Fix the site definition first: nothing was built.');
    expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it("reports an island a template renders but the site does not declare once, at the site's islands, with the pages counted", () => {
    const root = ownSite('undeclared-island', posts(5));
    const renamed = config(root).replace("islands: { Counter: 'islands/Counter.tsx' }", "islands: { Countr: 'islands/Counter.tsx' }");
    fs.writeFileSync(path.join(root, 'site.config.tsx'), renamed);
    const result = run(root, 'build');
    expect(result.status).toBe(1);
    expect(result.stderr).not.toMatch(STACK);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe(
      `site.config.tsx:${lineOf(renamed, 'islands: { Countr')} (page /)  islands: expected one of Countr, found "Counter"  [undeclared-island]`,
    );
    expect(result.stderr).toContain('hint: did you mean "Countr"?');
    // Every page renders the post template: one problem, the other pages counted.
    expect(result.stderr.match(/\[undeclared-island\]/g)).toHaveLength(1);
    expect(result.stderr).toMatch(/… and \d+ more pages/);
  });

  it('reports code that throws as it loads at its line, with the stack only when verbose', () => {
    const root = ownSite('throws', {
      'site.config.tsx': config(ownSite('throws-source')).replace(
        'function Layout',
        "throw new Error('no config today');\nfunction Layout",
      ),
    });
    const result = run(root, 'build');
    expect(result.status).toBe(1);
    // A place in code is line and column, as compilers print it.
    expect(result.stderr).toMatch(
      /^site\.config\.tsx:\d+:\d+ {2}The site module threw as it loaded: no config today {2}\[invalid-site-code\]/,
    );
    expect(result.stderr).not.toMatch(STACK);
    expect(run(root, 'build', '--verbose').stderr).toMatch(STACK);
  });

  it('prints one line and exits 1 in a folder with no site definition', () => {
    const empty = fs.mkdtempSync(path.join(work, 'empty-'));
    const result = run(empty, 'build');
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^site: No site definition in .*Run `site init` to start a site\.$/),
    ]);
  });

  it('prints a mistake repeated in 200 files once, in natural order, in under 40 lines', () => {
    const root = ownSite('bulk', posts(200, 'colour: blue\n'));
    const result = run(root, 'build');
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines.length).toBeLessThan(40);
    expect(lines.slice(0, 4)).toEqual([
      'content/posts/bulk-1.md:4  colour: expected one of the fields title, description, createdDate, found "colour"  [unknown-field]',
      'content/posts/bulk-2.md:4  (the same)',
      'content/posts/bulk-3.md:4  (the same)',
      '    … and 197 more files',
    ]);
    expect(result.stderr).toContain('✖ 200 errors in 200 of 202 files.');
  });

  it('reports a YAML mistake once, with the hint for it', () => {
    const root = ownSite('yaml', { 'content/posts/broken.md': post('Broken: yes: no') });
    const result = run(root, 'build');
    expect(result.status).toBe(1);
    expect(result.stderr.match(/\[yaml-syntax\]/g)).toHaveLength(1);
    expect(result.stderr).toContain('content/posts/broken.md:2  The front matter is not valid YAML');
    expect(result.stderr).toContain('hint: Quote a value that contains ": "');
  });

  it('accepts a date and time in the front matter', () => {
    const root = ownSite('datetime', { 'content/posts/timed.md': post('Timed', 'createdDate: 2026-01-15T10:00:00Z\n') });
    expect(run(root, 'build').status).toBe(0);
  });
});

describe('site build over an existing output', () => {
  it('writes nothing for a content folder that does not exist (exit 2)', () => {
    const root = ownSite('no-content');
    const result = run(root, 'build', '--content', 'nowhere');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`no such folder: ${path.join(root, 'nowhere')}`);
    expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('writes nothing for an output folder that is a file, or lies under one (exit 2)', () => {
    const root = ownSite('out-file', { 'notes.txt': 'not a folder' });
    for (const out of ['notes.txt', 'notes.txt/dist']) {
      const result = run(root, 'build', '--out', out);
      expect(result.status, out).toBe(2);
      expect(result.stderr).toContain(`option '-o, --out <dir>' is invalid: ${path.join(root, out)}`);
    }
    expect(fs.readFileSync(path.join(root, 'notes.txt'), 'utf8')).toBe('not a folder');
  });

  it('says in one line which file it could not write, without a stack', () => {
    const root = ownSite('unwritable');
    const result = run(root, 'build', '--external-links', 'no/such/folder/links.txt');
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `site: ENOENT: no such file or directory, open '${path.join(root, 'no/such/folder/links.txt')}' (run with --verbose for the stack)`,
    );
  });

  it('stops a build that would remove more than half of the pages, unless --allow-shrink', () => {
    const root = ownSite('shrink', posts(10));
    expect(run(root, 'build').status).toBe(0);
    const pages = () =>
      fs.readdirSync(path.join(root, 'dist'), { recursive: true }).filter((file) => String(file).endsWith('.html')).length;
    expect(pages()).toBe(13);
    fs.rmSync(path.join(root, 'content/posts'), { recursive: true });
    const stopped = run(root, 'build');
    expect(stopped.status).toBe(1);
    expect(stopped.stderr).toContain(
      `site: This build would leave 3 of the 13 pages in ${path.join(root, 'dist')}, removing more than half of them, so it stopped and changed nothing.`,
    );
    expect(stopped.stderr).not.toMatch(STACK);
    expect(pages()).toBe(13);
    expect(fs.readdirSync(root).filter((name) => name.startsWith('dist.'))).toEqual([]);
    expect(run(root, 'build', '--allow-shrink').status).toBe(0);
    expect(pages()).toBe(3);
  });

  it('removes the staging folder a killed build left beside the output', () => {
    const root = ownSite('leftovers');
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const left = path.join(root, `dist.tmp-${ended}-0badf00d`);
    fs.mkdirSync(path.join(left, 'posts'), { recursive: true });
    expect(run(root, 'build').status).toBe(0);
    expect(fs.existsSync(left)).toBe(false);
  });

  it('removes it when the next build has nothing to change', () => {
    const root = ownSite('leftovers-unchanged');
    expect(run(root, 'build').status).toBe(0);
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const left = path.join(root, `dist.tmp-${ended}-0badf00d`);
    fs.mkdirSync(path.join(left, 'posts'), { recursive: true });
    const again = run(root, 'build');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('nothing changed');
    expect(fs.existsSync(left)).toBe(false);
  });
});
