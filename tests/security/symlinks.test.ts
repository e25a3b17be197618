import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { listSiteFiles } from '../../src/assets/static-files.ts';
import { skippedContent } from '../../src/content/skipped.ts';
import { walkFolder } from '../../src/content/walk.ts';
import { takeSnapshot } from '../../src/runner/reuse/receipt.ts';
import { inputBounds } from '../../src/safety/input-bounds.ts';
import { projectWorkFolder } from '../helpers/temp-folders.ts';
import { buildInMemory, minimalProject, siteBuild } from './project.ts';

// Issue 39, holes 2 and 3: every walk looks at a link before it follows it, and a link may lead
// only to a file the content or public folder would publish anyway.

const work = projectWorkFolder('security-symlinks-');
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-usr-'));
afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/**
 * A folder outside the project shaped like `/usr` where it hurt: a link to itself (`bin/X11 -> .`)
 * and many nested folders, each with a page and a secret. Followed, the link alone makes the tree
 * endless; 40 levels of folders make a walk of it long.
 */
function bigOutsideFolder(): string {
  const big = fs.mkdtempSync(path.join(outside, 'usr-'));
  fs.symlinkSync('.', path.join(big, 'X11'));
  let folder = big;
  for (let depth = 0; depth < 40; depth++) {
    folder = path.join(folder, `d${depth}`);
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'page.md'), '---\ntitle: Outside\ndescription: Never read.\n---\nOutside.\n');
    fs.writeFileSync(path.join(folder, 'secret.txt'), 'TOKEN=outside-secret\n');
  }
  return big;
}

/** The folders really under `dir` (no link followed), `dir` included. */
function realFolders(dir: string): string[] {
  return [
    dir,
    ...fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => realFolders(path.join(dir, entry.name))),
  ];
}

describe('a link to a big folder outside the project (ln -s /usr content/usr)', () => {
  it('is refused by every walk without reading one folder behind it: one readdir per folder really under the content and public folders', async () => {
    const big = bigOutsideFolder();
    const { root, content, publicDir } = minimalProject(work);
    fs.symlinkSync(big, path.join(content, 'usr'));
    const site = { root, contentDir: content, publicDir };
    const read = vi.spyOn(fs, 'readdirSync');
    const listed = () => read.mock.calls.map(([folder]) => String(folder));

    // The incremental build's snapshot, taken before any link is checked: it once listed `/usr` without end.
    const snapshot = takeSnapshot([content, publicDir], []);
    expect(listed()).toEqual([...realFolders(content), ...realFolders(publicDir)]);
    expect(snapshot.folders.flatMap(([, entries]) => entries.map(([file]) => file)).filter((file) => file.startsWith('usr'))).toEqual([
      'usr',
    ]);

    read.mockClear();
    const walk = walkFolder(content, inputBounds(site), () => true);
    expect(listed()).toEqual(realFolders(content));
    expect(walk.files.map((file) => file.relative)).toEqual(['404.md', 'about.md', 'index.md']);
    expect(walk.diagnostics.map((d) => [path.relative(root, d.file!), d.code])).toEqual([['content/usr', 'symlink-outside-project']]);

    read.mockClear();
    const published = listSiteFiles(site, inputBounds(site));
    expect(listed()).toEqual([...realFolders(publicDir), ...realFolders(content)]);
    expect(published.files.map((file) => file.path)).toEqual(['favicon.svg']);

    // The list of Markdown files the scan passes over (fast-glob) follows no link either.
    expect(await skippedContent(content, new Set(['404.md', 'about.md', 'index.md']), () => false)).toEqual([]);
  });

  it('fails `site build` at each link, with its code, in bounded time: a link to /usr, to itself, to . and to ..', () => {
    const { root, content } = minimalProject(work);
    fs.symlinkSync(bigOutsideFolder(), path.join(content, 'usr'));
    fs.symlinkSync('self.txt', path.join(content, 'self.txt'));
    fs.symlinkSync('.', path.join(content, 'here'));
    fs.symlinkSync('..', path.join(content, 'up'));
    const run = siteBuild(root);
    expect(run.status, run.stderr).toBe(1);
    const lines = run.stderr.split('\n');
    const line = (link: string, code: string) =>
      lines.filter((text) => text.startsWith(`content/${link}  symlink: `) && text.includes(`[${code}]`));
    expect(line('usr', 'symlink-outside-project')).toHaveLength(1);
    expect(line('self.txt', 'symlink-loop')).toHaveLength(1);
    expect(line('here', 'symlink-loop')).toHaveLength(1);
    expect(line('up', 'symlink-loop')).toHaveLength(1);
    // A diagnostic, never a bare errno with a stack.
    expect(run.stderr).not.toMatch(/ELOOP|\n\s+at /);
    expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
  }, 60_000);
});

describe('a link inside the project (ln -s ../.env content/env.txt)', () => {
  it('is refused at the link, naming its target, when it leads to what is never published: a dot-file, the site source, the cache, the output, any file outside the content and public folders', async () => {
    const { root } = minimalProject(work);
    const secrets = {
      '.env': 'SECRET_TOKEN=from-dot-env\n',
      'notes.txt': 'NOTES=not for the site\n',
      '.site-cache/build/state.json': '{"CACHED":"secret"}\n',
      'dist/old.txt': 'OLD=output\n',
      'content/.hidden.txt': 'HIDDEN=dot-file in the content folder\n',
    };
    for (const [relative, text] of Object.entries(secrets)) {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    }
    const links: Record<string, string> = {
      'content/env.txt': '../.env',
      'content/config.txt': '../site.config.tsx',
      'content/styles.txt': '../styles.css',
      'content/notes.txt': '../notes.txt',
      'content/cache.json': '../.site-cache/build/state.json',
      'content/old.txt': '../dist/old.txt',
      'content/hidden.txt': '.hidden.txt',
      'public/env.txt': '../.env',
      'public/config.txt': '../site.config.tsx',
    };
    for (const [link, target] of Object.entries(links)) fs.symlinkSync(target, path.join(root, link));
    const { lines, published, writer } = await buildInMemory(root);
    const at = (link: string, words: string) => `${link}  symlink: leads to ${JSON.stringify(links[link])}, ${words}`;
    const dotFile = 'a dot-file (a name starting with "."), which is never published  [symlink-not-publishable]';
    const source = "the site's source (its definition, templates or code), which is never published  [symlink-not-publishable]";
    expect(lines.sort()).toEqual(
      [
        at('content/env.txt', dotFile),
        at('content/config.txt', source),
        at('content/styles.txt', source),
        at(
          'content/notes.txt',
          'outside the content and public folders: a link may lead only to a file those folders publish  [symlink-not-publishable]',
        ),
        at('content/cache.json', 'into .site-cache/, which a build never reads from  [symlink-outside-project]'),
        at('content/old.txt', 'into dist/, which a build never reads from  [symlink-outside-project]'),
        at('content/hidden.txt', dotFile),
        at('public/env.txt', dotFile),
        at('public/config.txt', source),
      ].sort(),
    );
    expect(published).toEqual([]);
    const everything = [...writer.files.values()].map((bytes) => Buffer.from(bytes).toString()).join('\n');
    for (const text of [...Object.values(secrets), 'defineSite']) expect(everything).not.toContain(text.trim());
  }, 60_000);

  it('is refused when it leads to a folder, even one of the content folder: a link to a folder is never followed', async () => {
    const { root, content } = minimalProject(work);
    fs.mkdirSync(path.join(content, 'team'));
    fs.writeFileSync(path.join(content, 'team', 'ada.md'), '---\ntitle: Ada\ndescription: One of the team.\n---\nAda.\n');
    fs.mkdirSync(path.join(root, 'shared'));
    fs.writeFileSync(path.join(root, 'shared', 'page.md'), '---\ntitle: Shared\ndescription: Outside the content folder.\n---\nShared.\n');
    fs.symlinkSync('team', path.join(content, 'people'));
    fs.symlinkSync('../shared', path.join(content, 'shared'));
    const { lines, result } = await buildInMemory(root);
    const folder = 'a folder: a link may lead to a file only, and a link to a folder is never followed  [symlink-not-publishable]';
    // Each link is refused by the page scan and by the listing of published files alike.
    expect([...new Set(lines)].sort()).toEqual([
      `content/people  symlink: leads to "team", ${folder}`,
      `content/shared  symlink: leads to "../shared", ${folder}`,
    ]);
    expect(result.routes.map((route) => route.url)).not.toContain('/people/ada');
  }, 60_000);

  it('publishes a link to a file the content or public folder publishes, with its bytes', async () => {
    const { root, content } = minimalProject(work);
    fs.symlinkSync('../public/favicon.svg', path.join(content, 'icon.svg'));
    const { lines, writer } = await buildInMemory(root);
    expect(lines).toEqual([]);
    expect(Buffer.from(writer.files.get('icon.svg')!).toString()).toBe(fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8'));
  }, 60_000);
});
