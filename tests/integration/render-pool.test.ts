import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { loadSite } from '../../src/site/load.ts';
import { defaultRenderThreads, MIN_PAGES_FOR_WORKERS, startRenderPool } from '../../src/runner/render-pool.ts';
import { diskWriter, memoryWriter } from '../../src/output/write.ts';

const root = path.resolve('.');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pool-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const ogCache = path.join(work, 'og');
if (fs.existsSync(path.join(root, '.site-cache/og'))) fs.cpSync(path.join(root, '.site-cache/og'), ogCache, { recursive: true });

describe('rendering pages on worker threads', () => {
  it('gives the same bytes as rendering them in the main thread', async () => {
    const site = await loadSite(root);
    const options = { cache: false as const, og: { cacheDir: ogCache, threads: 0 } };
    const single = memoryWriter();
    const pooled = memoryWriter();
    const one = await build(site, single, { ...options, threads: 0 });
    const two = await build(site, pooled, { ...options, threads: 2 });
    expect(one.diagnostics).toEqual([]);
    expect(two.diagnostics).toEqual([]);
    expect(one.pages?.inWorkers).toBe(0);
    // The workers take most pages; the main thread renders its share alongside them.
    expect(two.pages!.inWorkers).toBeGreaterThan(0);
    expect(two.pages!.rendered).toBe(two.routes.length);
    expect([...pooled.files.keys()].sort()).toEqual([...single.files.keys()].sort());
    const differing = [...single.files]
      .filter(([file, bytes]) => Buffer.compare(bytes, pooled.files.get(file)!) !== 0)
      .map(([file]) => file);
    expect(differing).toEqual([]);

    // Into a folder, each worker writes the pages it renders into the staging folder itself: the bytes are the same.
    const out = path.join(work, 'dist');
    const onDisk = await build(site, diskWriter(out), { ...options, threads: 2 });
    expect(onDisk.diagnostics).toEqual([]);
    expect(onDisk.pages!.inWorkers).toBeGreaterThan(0);
    const written = fs.readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const paths = written.map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    expect(paths.sort()).toEqual([...single.files.keys()].sort());
    expect(paths.filter((file) => Buffer.compare(fs.readFileSync(path.join(out, file)), single.files.get(file)!) !== 0)).toEqual([]);
    // Nothing is left beside the output: the staging folder became it.
    expect(fs.readdirSync(work).filter((name) => name.startsWith('dist.'))).toEqual([]);
  }, 240_000);

  it('warns, and renders every page on the main thread, when no worker can load the site', async () => {
    const site = await loadSite(root);
    const module = path.join(work, 'unloadable', 'site.mjs');
    fs.mkdirSync(path.dirname(module), { recursive: true });
    fs.writeFileSync(module, `throw new Error('this site loads in the main thread only');\n`);
    const options = { cache: false as const, og: { cacheDir: ogCache, threads: 0 } };
    const single = memoryWriter();
    await build(site, single, { ...options, threads: 0 });
    const writer = memoryWriter();
    const result = await build({ ...site, code: { ...site.code!, module } }, writer, { ...options, threads: 2 });
    expect(result.diagnostics).toMatchObject([
      { code: 'workers-unavailable', severity: 'warning', message: expect.stringContaining('this site loads in the main thread only') },
    ]);
    expect(result.pages).toMatchObject({ rendered: result.routes.length, inWorkers: 0 });
    // The pages are written all the same, as one thread writes them.
    expect([...writer.files.keys()].sort()).toEqual([...single.files.keys()].sort());
    expect([...single.files].filter(([file, bytes]) => Buffer.compare(bytes, writer.files.get(file)!) !== 0)).toEqual([]);
  }, 240_000);

  it('starts each worker with its heap ceiling: one that runs out leaves its work to the main thread', async () => {
    const site = await loadSite(root);
    const pool = startRenderPool({ module: site.code!.module, contentDir: site.contentDir }, 1, 16);
    try {
      expect(await pool.ready()).toBe(0);
      // Out of a 16 MB heap a worker dies while loading: by an out-of-memory error, or by a module
      // left half-loaded. Without the ceiling it would start, so `ready()` above is the proof.
      expect(pool.failure).toBeInstanceOf(Error);
      const here: number[] = [];
      const left = await pool.parse(
        [{ index: 0, file: path.join(site.contentDir, 'a.md'), relative: 'a.md', text: '# A' }],
        () => {},
        (index) => here.push(index),
      );
      expect([...here, ...left]).toEqual([0]);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('is used only when there are enough pages to pay for starting the workers', () => {
    expect(defaultRenderThreads(MIN_PAGES_FOR_WORKERS - 1, 2)).toBe(0);
    expect(defaultRenderThreads(MIN_PAGES_FOR_WORKERS, 2)).toBe(1);
    expect(defaultRenderThreads(MIN_PAGES_FOR_WORKERS, 8)).toBe(7);
    expect(defaultRenderThreads(10_000, 1)).toBe(0);
  });
});
