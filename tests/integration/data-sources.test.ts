import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { startApi } from '../../docs/examples/data-http/api.ts';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { loadSite } from '../../src/site/load.ts';

// The guide's database and HTTP examples (docs/data.md), built as a user builds them.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'data-sources-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the SQLite example', () => {
  const EXAMPLE = path.resolve('docs/examples/data-sqlite');

  it('is built from the database its script makes from shop.sql', async () => {
    // The committed database holds what shop.sql says (make-db.ts builds it).
    const db = new DatabaseSync(path.join(EXAMPLE, 'shop.db'), { readOnly: true });
    const rows = db
      .prepare('SELECT sku FROM products ORDER BY sku')
      .all()
      .map((row) => row.sku);
    db.close();
    expect(rows).toEqual([...fs.readFileSync(path.join(EXAMPLE, 'shop.sql'), 'utf8').matchAll(/\('(\w+)'/g)].map((m) => m[1]).sort());

    const writer = memoryWriter();
    const result = await build(await loadSite(EXAMPLE), writer, { threads: 0, cache: false, dataCache: path.join(work, 'sqlite') });
    expect(result.diagnostics).toEqual([]);
    const text = (file: string) => new TextDecoder().decode(writer.files.get(file));
    expect(result.catalogue.collection('products').map((entry) => entry.slug)).toEqual(rows);
    expect(text('products/toaster/index.html')).toContain('<h1>The Toaster</h1><p class="price">£<!-- -->24.00</p><div></div>');
    expect(writer.files.has('shop.db')).toBe(false);
  }, 60_000);
});

describe('the HTTP example', () => {
  const EXAMPLE = path.resolve('docs/examples/data-http');
  const out = path.join(work, 'http-dist');
  const events = path.join(work, 'events.json');
  fs.copyFileSync(path.join(EXAMPLE, 'events.json'), events);
  // `site build` keeps the loader's result in the example's own .site-cache/data, as for a user.
  fs.rmSync(path.join(EXAMPLE, '.site-cache/data'), { recursive: true, force: true });
  // Run without blocking this process, which serves the API.
  const site = (api: string | undefined, ...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.resolve('bin/site'), 'build', '--root', EXAMPLE, '--out', out, ...args], {
        env: { ...process.env, EVENTS_API_URL: api ?? 'http://127.0.0.1:9' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  const page = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');

  it('is built from a server on 127.0.0.1, again after the data changed, and from the cache once the server has gone', async () => {
    const api = await startApi(0, events);
    try {
      const first = await site(api.url);
      expect(first.status, first.stderr).toBe(0);
      expect(page('events/spring-meetup/index.html')).toContain('<h1>Spring meetup</h1>');
      // An event changes on the server: the next build asks for what changed and shows it.
      const list = JSON.parse(fs.readFileSync(events, 'utf8'));
      list[0].title = 'Spring meetup, moved';
      list[0].updated = new Date(Date.now() + 60_000).toISOString();
      fs.writeFileSync(events, JSON.stringify(list));
      const second = await site(api.url);
      expect(second.status, second.stderr).toBe(0);
      expect(page('events/spring-meetup/index.html')).toContain('<h1>Spring meetup, moved</h1>');
      expect(second.stdout).toMatch(/Built 5 pages \(2 rendered, 3 unchanged\)/);
    } finally {
      await api.close();
    }
    const gone = await site(undefined);
    expect(gone.status, gone.stderr).toBe(0);
    expect(gone.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^\.site-cache\/data\/events\.json {2}The collection "events" is built from its loader's last result, \d+ seconds? old: the loader failed \(fetch failed\)\. {2}\[data-from-cache\]$/,
      ),
    ]);
    expect(page('events/spring-meetup/index.html')).toContain('<h1>Spring meetup, moved</h1>');
    const offline = await site(undefined, '--offline');
    expect(offline.status, offline.stderr).toBe(0);
    expect(offline.stderr).toMatch(/The collection "events" is built from its loader's last result, \d+ seconds? old \(--offline\)\./);
  }, 120_000);
});
