import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-init-bundle-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the blog starter', () => {
  it('takes a post as a page bundle (posts/first-light/index.md beside its images)', () => {
    const made = spawnSync(BIN, ['init', 'bundled'], { cwd: work, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'bundled');
    const posts = path.join(folder, 'content/posts');
    const post = fs.readFileSync(path.join(posts, 'hello-world.md'), 'utf8');
    fs.mkdirSync(path.join(posts, 'first-light'));
    fs.writeFileSync(path.join(posts, 'first-light/index.md'), post.replace(/title: .*/, 'title: First light'));
    const built = spawnSync(BIN, ['build'], { cwd: folder, encoding: 'utf8' });
    expect(built.status, built.stdout + built.stderr).toBe(0);
    expect(fs.readFileSync(path.join(folder, 'dist/posts/first-light/index.html'), 'utf8')).toContain('<h1>First light</h1>');
  });
});
