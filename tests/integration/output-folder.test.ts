import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// What `site build` does with its output folder when it is a source, someone's folder, read-only,
// or wanted by two builds at once: each is refused with one line, and nothing is changed.
const BIN = path.resolve('bin/site');
const OWN_SITE = path.resolve('tests/fixtures/own-site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-output-folder-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function ownSite(name: string): string {
  const root = path.join(work, name);
  fs.cpSync(OWN_SITE, root, { recursive: true });
  return root;
}

const run = (cwd: string, args: string[], options: SpawnSyncOptions = {}) =>
  spawnSync(BIN, args, { cwd, encoding: 'utf8', ...options }) as ReturnType<typeof spawnSync> & { stdout: string; stderr: string };

/** Every file below a folder with a hash of its bytes (following no links), but the build cache's. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(folder, file);
    if (relative.split(path.sep)[0] === '.site-cache') continue;
    files[relative] = entry.isFile()
      ? createHash('sha1').update(fs.readFileSync(file)).digest('hex')
      : entry.isDirectory()
        ? 'folder'
        : 'other';
  }
  return files;
}

describe('an output folder that is, holds or lies inside a source', () => {
  it('is refused (exit 2, one line) when it holds another project and its content: its .git and Markdown stay', () => {
    const root = ownSite('overlap-root');
    const other = ownSite('overlap-other');
    fs.mkdirSync(path.join(other, '.git'));
    fs.writeFileSync(path.join(other, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    const before = snapshot(other);
    const result = run(root, ['build', '--content', path.join(other, 'content'), '--out', other]);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      `error: option '-o, --out <dir>' is invalid: ${other} contains the content folder (${path.join(other, 'content')}): every build replaces its output folder whole, so it must be a folder of its own, such as dist/ in the project.  [output-overlaps-source]`,
    );
    expect(snapshot(other)).toEqual(before);
    expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it.each([
    ['.', 'is the project root'],
    ['content', 'is the content folder'],
    ['content/dev', 'is inside the content folder'],
    ['content/dist', 'is inside the content folder'],
    ['styles/out', "is inside a folder of the site's code"],
  ])('is refused for --out %s, which %s, and nothing is written or deleted', (out, relation) => {
    const root = ownSite(`overlap-${out.replaceAll('/', '-').replace('.', 'root')}`);
    const before = snapshot(root);
    const result = run(root, ['build', '--out', out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`is invalid: ${path.resolve(root, out)} ${relation}`);
    expect(result.stderr).toContain('[output-overlaps-source]');
    expect(snapshot(root)).toEqual(before);
  });

  it('is refused when it holds files no build wrote, with a hint', () => {
    const root = ownSite('foreign');
    fs.mkdirSync(path.join(root, 'notes'));
    fs.writeFileSync(path.join(root, 'notes', 'plan.md'), '# Plan');
    const before = snapshot(root);
    const result = run(root, ['build', '--out', 'notes']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `${path.join(root, 'notes')} holds files that no build of this engine wrote (it has no _headers file from \`site build\`), so a build will not replace it: empty it, or choose another --out.  [output-not-ours]`,
    );
    expect(snapshot(root)).toEqual(before);
  });
});

describe('two builds into one output at once', () => {
  it('the second says another build holds the output, and changes nothing; the first builds', async () => {
    const root = ownSite('concurrent');
    const first = spawn(BIN, ['build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const firstDone = new Promise<number | null>((resolve) => first.on('exit', resolve));
    // The first holds the lock from its start (in the build cache) until it exits.
    const lockDir = path.join(root, '.site-cache', 'build');
    const locked = () => fs.existsSync(lockDir) && fs.readdirSync(lockDir).some((name) => name.endsWith('.lock'));
    while (!locked()) await new Promise((resolve) => setTimeout(resolve, 20));
    const second = run(root, ['build']);
    expect(second.status).toBe(1);
    expect(second.stderr.trim()).toBe(
      `site: another build (pid ${first.pid}) is writing to ${path.join(root, 'dist')} now, so this one stopped and changed nothing. Wait for it to end and build again.  [output-locked]`,
    );
    expect(await firstDone).toBe(0);
    expect(
      fs
        .readdirSync(root)
        .filter((name) => name.startsWith('dist'))
        .sort(),
    ).toEqual(['dist']);
    expect(fs.readdirSync(lockDir).filter((name) => name.endsWith('.lock'))).toEqual([]);
    expect(run(root, ['build']).status).toBe(0);
  });
});

// Root may write anything: as root (CI), the builds run as the user nobody, so that read-only means read-only.
const asUser: SpawnSyncOptions = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
const ownedByUser = (folder: string) => {
  if (asUser.uid === undefined) return;
  fs.chmodSync(work, 0o755);
  for (const entry of [folder, ...fs.readdirSync(folder, { recursive: true }).map((name) => path.join(folder, String(name)))])
    fs.lchownSync(entry, asUser.uid, asUser.gid!);
};

describe.skipIf(process.platform === 'win32')('a read-only output', () => {
  it('is left as it was, with nothing beside it, and the build says which folder is read-only; the next build after chmod works', () => {
    const root = ownSite('read-only');
    ownedByUser(root);
    const build = () => run(root, ['build'], { ...asUser, env: { ...process.env, HOME: root } });
    expect(build().status).toBe(0);
    fs.appendFileSync(path.join(root, 'content/index.md'), '\nOne more line.\n');
    const dist = path.join(root, 'dist');
    const before = snapshot(dist);
    fs.chmodSync(dist, 0o555);
    const refused = build();
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `site: ${dist} is read-only, so this build could not replace ${dist}: it stopped and changed nothing. Make it writable (chmod -R u+w ${dist}) or choose another --out.  [output-not-writable]`,
    );
    expect(snapshot(dist)).toEqual(before);
    expect(
      fs
        .readdirSync(root)
        .filter((name) => name.startsWith('dist'))
        .sort(),
    ).toEqual(['dist']);
    fs.chmodSync(dist, 0o755);
    expect(build().status).toBe(0);
    expect(snapshot(dist)).not.toEqual(before);
    expect(
      fs
        .readdirSync(root)
        .filter((name) => name.startsWith('dist'))
        .sort(),
    ).toEqual(['dist']);
  });

  it('never breaks the next build with an old output a swap left read-only beside it', () => {
    const root = ownSite('read-only-leftover');
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const left = path.join(root, `dist.old-${ended}-0badf00d`);
    fs.mkdirSync(path.join(left, 'posts'), { recursive: true });
    fs.writeFileSync(path.join(left, 'posts', 'index.html'), 'old');
    ownedByUser(root);
    fs.chmodSync(path.join(left, 'posts'), 0o555);
    fs.chmodSync(left, 0o555);
    fs.mkdirSync(path.join(root, 'dist'));
    ownedByUser(path.join(root, 'dist'));
    const result = run(root, ['build'], { ...asUser, env: { ...process.env, HOME: root } });
    expect(result.status, result.stderr).toBe(0);
    expect(
      fs
        .readdirSync(root)
        .filter((name) => name.startsWith('dist'))
        .sort(),
    ).toEqual(['dist']);
  });

  it('whose parent folder is read-only is refused with one line, and nothing is made', () => {
    const root = ownSite('read-only-parent');
    fs.mkdirSync(path.join(root, 'site'));
    ownedByUser(root);
    fs.chmodSync(path.join(root, 'site'), 0o555);
    const result = run(root, ['build', '--out', 'site/dist'], { ...asUser, env: { ...process.env, HOME: root } });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `site: ${path.join(root, 'site')} cannot be written (EACCES): a build writes its next output beside ${path.join(root, 'site/dist')} and swaps it in, so it stopped and changed nothing. Make that folder writable, or choose another --out.  [output-not-writable]`,
    );
    expect(fs.readdirSync(path.join(root, 'site'))).toEqual([]);
  });
});
