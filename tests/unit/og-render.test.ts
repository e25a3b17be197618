import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DrawJob } from '../../src/og/plan.ts';
import { renderOgImages } from '../../src/runner/social-images.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import { FileFromDisk } from '../../src/output/write.ts';
import { ogSetup } from '../fixtures/og/setup.ts';
import { latinOnlySetup, scriptsSetup } from '../fixtures/og/scripts-setup.ts';
import { pngSize } from '../helpers/images.ts';

let cacheDir = '';
afterEach(() => fs.rmSync(cacheDir, { recursive: true, force: true }));
const fresh = () => (cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-og-render-')));

const site = { root: ogSetup.root, og: { ...ogSetup, image: () => undefined } } as unknown as SiteDefinition;
const job = (pageUrl: string, key: string, template = 'plain'): DrawJob => ({
  pageUrl,
  outPath: `og${pageUrl === '/' ? '/index' : pageUrl}.png`,
  key,
  task: { template, props: { title: pageUrl } },
  file: `/content${pageUrl}.md`,
});

describe('renderOgImages', () => {
  it('draws what the cache lacks, reuses what it has, and redraws everything when forced', async () => {
    const options = { cacheDir: fresh(), threads: 0 };
    const jobs = [job('/', 'k1'), job('/a', 'k2')];
    const cold = await renderOgImages(site, jobs, options);
    expect([cold.drawn, cold.reused]).toEqual([2, 0]);
    expect(cold.files.map((f) => [f.path, pngSize(f.contents as Uint8Array)])).toEqual([
      ['og/index.png', { width: 1200, height: 630 }],
      ['og/a.png', { width: 1200, height: 630 }],
    ]);
    expect(fs.readdirSync(cacheDir).sort()).toEqual(['k1.png', 'k2.png']);

    const warm = await renderOgImages(site, [...jobs, job('/b', 'k3')], options);
    expect([warm.drawn, warm.reused]).toEqual([1, 2]);
    // Images, drawn or reused, are published from the cache, not held in memory: ten thousand would fill it.
    expect(warm.files.map((f) => (f instanceof FileFromDisk ? [f.source, f.hash] : f))).toEqual(
      ['k1', 'k2', 'k3'].map((key) => [path.join(cacheDir, `${key}.png`), key]),
    );
    expect(Buffer.compare(warm.files[1]!.contents as Uint8Array, cold.files[1]!.contents as Uint8Array)).toBe(0);
    const forced = await renderOgImages(site, jobs, { ...options, force: true });
    expect([forced.drawn, forced.reused]).toEqual([2, 0]);
  });

  it('draws pages sharing a key once and publishes the image for each', async () => {
    const result = await renderOgImages(site, [job('/a', 'same'), job('/b', 'same')], { cacheDir: fresh(), threads: 0 });
    expect(result.drawn).toBe(1);
    expect(result.files.map((f) => f.path)).toEqual(['og/a.png', 'og/b.png']);
  });

  it('reports a template that throws as a diagnostic on the page, caches nothing for it, and reports progress', async () => {
    const progress: Array<[number, number]> = [];
    const result = await renderOgImages(site, [job('/ok', 'k1'), job('/broken', 'k2', 'failing')], {
      cacheDir: fresh(),
      threads: 0,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.diagnostics).toMatchObject([
      {
        code: 'og-image-failed',
        severity: 'error',
        file: '/content/broken.md',
        message: expect.stringContaining('The social image of /broken could not be drawn'),
      },
    ]);
    expect(result.files.map((f) => f.path)).toEqual(['og/ok.png']);
    expect(fs.readdirSync(cacheDir)).toEqual(['k1.png']);
    expect(progress).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
  });
});

describe('renderOgImages: characters no font has', () => {
  const arabic = { ...job('/ar', 'k-ar', 'script'), task: { template: 'script', props: { title: 'نقطة نقطة' }, lang: 'ar' } };
  const siteWith = (setup: typeof scriptsSetup) =>
    ({ root: setup.root, og: { ...setup, image: () => undefined } }) as unknown as SiteDefinition;

  it('warns at the page of each character none of its fonts has, once, naming the fonts tried; again when the image is reused', async () => {
    const options = { cacheDir: fresh(), threads: 0 };
    const result = await renderOgImages(siteWith(latinOnlySetup), [arabic], options);
    expect(result.drawn).toBe(1);
    const again = await renderOgImages(siteWith(latinOnlySetup), [arabic, { ...arabic, pageUrl: '/ar/copy' }], options);
    expect([again.drawn, again.reused]).toEqual([0, 1]);
    expect(again.diagnostics.map((d) => d.message)).toEqual([
      result.diagnostics[0]!.message,
      result.diagnostics[0]!.message.replace('/ar ', '/ar/copy '),
    ]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'og-missing-glyph',
        severity: 'warning',
        file: '/content/ar.md',
        message:
          'The social image of /ar shows ن (U+0646), ق (U+0642), ط (U+0637), ة (U+0629), which no font has (tried Inter): each is drawn as an empty box.',
      }),
    ]);
  });

  it('says nothing when the fonts of its language have them', async () => {
    const result = await renderOgImages(siteWith(scriptsSetup), [arabic], { cacheDir: fresh(), threads: 0 });
    expect(result.diagnostics).toEqual([]);
  });
});
