import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersForPath, parseHeadersFile } from '../../src/security/headers-file.ts';
import { rawRequest } from '../helpers/http.ts';

const BIN = path.resolve('bin/site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-preview-'));
const root = path.join(work, 'site');
const dist = path.join(root, 'dist');
/** A stack trace's frames: what no mistake of the user may print. */
const STACK = /\n\s+at /;

/** Starts `site preview` with these arguments and waits for the address it prints. */
function startPreview(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ['preview', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = / at (http:\/\/[^\s/]+)\//.exec(output);
      if (match) resolve({ child, url: match[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`site preview exited with ${code}:\n${output}`)));
  });
}

const run = (...args: string[]) => spawnSync(BIN, args, { cwd: root, encoding: 'utf8' });

describe('site preview', () => {
  let preview: { child: ChildProcess; url: string };
  const get = (target: string, headers: http.OutgoingHttpHeaders = {}) => rawRequest(preview.url, 'GET', target, headers);

  beforeAll(async () => {
    fs.cpSync('tests/fixtures/own-site', root, { recursive: true });
    const built = run('build');
    expect(built.status, built.stderr).toBe(0);
    // What a host reads of `_redirects` (written by a site's public folder or by the build).
    fs.writeFileSync(
      path.join(dist, '_redirects'),
      '# moved pages\n/old-home / 301\n/blog/* /posts/:splat 302\n/start / 200\n/gone /404.html 404\n/forced / 301!\n',
    );
    fs.mkdirSync(path.join(dist, 'posts'));
    fs.writeFileSync(path.join(dist, 'forced'), 'shadowed');
    // Links into the folder by hand, to a file and to a folder outside it (a build writes none).
    fs.mkdirSync(path.join(work, 'outside'));
    fs.writeFileSync(path.join(work, 'outside', 'secret.txt'), 'not for the web');
    fs.symlinkSync(path.join(work, 'outside'), path.join(dist, 'linked'));
    fs.symlinkSync(path.join(work, 'outside', 'secret.txt'), path.join(dist, 'secret.txt'));
    preview = await startPreview(['--port', '0']);
  }, 120_000);
  afterAll(() => {
    preview?.child.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('binds 127.0.0.1 by default', () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('sends the headers _headers gives each path, security and cache alike', async () => {
    const rules = parseHeadersFile(fs.readFileSync(path.join(dist, '_headers'), 'utf8'));
    const asset = fs.readdirSync(path.join(dist, 'assets')).find((name) => name.endsWith('.css'))!;
    for (const target of ['/', '/favicon.svg', `/assets/${asset}`, '/404']) {
      const response = await get(target);
      expect(response.status, target).toBe(200);
      const expected = headersForPath(rules, target);
      expect(expected.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(expected.has('cache-control')).toBe(true);
      for (const [name, value] of expected) expect(response.headers[name], `${target} ${name}`).toBe(value);
    }
  });

  it("answers an unknown path with the site's not-found page and 404, and never serves _headers or _redirects", async () => {
    const notFound = fs.readFileSync(path.join(dist, '404.html'));
    for (const target of ['/no/such/page', '/_headers', '/_redirects']) {
      const response = await get(target);
      expect(response.status, target).toBe(404);
      expect(response.body.equals(notFound), target).toBe(true);
      expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    }
  });

  it('compresses text by Accept-Encoding: brotli first, else gzip, else none', async () => {
    const page = fs.readFileSync(path.join(dist, 'index.html'));
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.body).equals(page)).toBe(true);
    expect(br.body.byteLength).toBeLessThan(page.byteLength);
    const gzip = await get('/', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(page)).toBe(true);
  });

  it('applies _redirects: status, Location with the splat and the query, rewrites, 404s, files shadowing all but forced rules', async () => {
    const moved = await get('/old-home?ref=mail');
    expect([moved.status, moved.headers.location]).toEqual([301, '/?ref=mail']);
    const splat = await get('/blog/2024/terns');
    expect([splat.status, splat.headers.location]).toEqual([302, '/posts/2024/terns']);
    const rewrite = await get('/start');
    expect(rewrite.status).toBe(200);
    expect(rewrite.body.equals(fs.readFileSync(path.join(dist, 'index.html')))).toBe(true);
    expect((await get('/gone')).status).toBe(404);
    const forced = await get('/forced');
    expect([forced.status, forced.headers.location]).toEqual([301, '/']);
  });

  it('serves nothing through a symbolic link, to a file or to a folder', async () => {
    expect((await get('/secret.txt')).status).toBe(404);
    expect((await get('/linked/secret.txt')).status).toBe(404);
  });

  it('refuses a request addressed to another host name', async () => {
    expect((await get('/', { host: 'evil.example' })).status).toBe(403);
    expect((await get('/', { host: 'localhost:1' })).status).toBe(200);
  });

  it('refuses a folder that is not a build of this engine, with one line and exit 2', () => {
    for (const out of ['content', 'nowhere']) {
      const result = run('preview', '--out', out, '--port', '0');
      expect(result.status, out).toBe(2);
      expect(result.stderr).not.toMatch(STACK);
      expect(result.stderr.split('\n')[0]).toMatch(
        out === 'nowhere'
          ? /^error: \/.*\/nowhere is missing: run `site build` first, or name the build's folder with --out <dir>\.$/
          : /^error: \/.*\/content is not a build of this engine \(it has no _headers written by `site build`\), so it is not served: run `site build` first/,
      );
    }
  });

  it('fails clearly on a port in use: one line, exit 1', async () => {
    const port = new URL(preview.url).port;
    const result = run('preview', '--port', port);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `site: port ${port} on 127.0.0.1 is in use by another program (perhaps another site preview): stop it, or choose another port with --port <n> (--port 0 picks a free one).`,
    ]);
  });

  // Last, since it replaces the build the tests above read.
  it('serves the folder as it is now: a rebuild into it, and a file written in it, without a restart', async () => {
    const before = (await get('/')).body.toString();
    expect(before).toContain('Welcome.');
    const index = path.join(root, 'content/index.md');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('Welcome.', 'Rebuilt while previewed.'));
    const built = run('build');
    expect(built.status, built.stderr).toBe(0);
    const after = (await get('/')).body.toString();
    expect(after).toContain('Rebuilt while previewed.');
    expect(after).not.toContain('Welcome.');
    // A file copied into the folder by hand, as a deploy step might: the watcher sees it.
    fs.writeFileSync(path.join(dist, 'late.txt'), 'written after the build');
    await expect.poll(async () => (await get('/late.txt')).body.toString(), { timeout: 5000 }).toBe('written after the build');
  });
});
