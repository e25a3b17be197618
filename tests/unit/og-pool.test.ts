import { describe, expect, it } from 'vitest';
import type { DrawnImage } from '../../src/og/draw.ts';
import { defaultThreads, drawAll } from '../../src/runner/draw-pool.ts';
import { socialImages } from '../../templates/og/social-image.ts';
import { ogSetup } from '../fixtures/og/setup.ts';
import { pngSize } from '../helpers/images.ts';

const tasks = (count: number) => Array.from({ length: count }, (_, i) => ({ template: 'plain', props: { title: `Page ${i}` } }));

describe('defaultThreads', () => {
  it.each([
    [10, 8, 0],
    [47, 8, 0],
    [48, 1, 0],
    [48, 2, 2],
    [95, 2, 2],
    [95, 8, 8],
    [95, 64, 11],
  ])('%i stale images on %i cores → %i workers', (tasks, cores, expected) => {
    expect(defaultThreads(tasks, cores)).toBe(expected);
  });
});

describe('drawAll', () => {
  it('draws on worker threads, every task to a 1200×630 PNG in task order', async () => {
    const result = await drawAll(tasks(4), ogSetup, { threads: 2 });
    expect(result.workers).toBe(2);
    for (const image of result.images) expect(pngSize((image as DrawnImage).png)).toEqual({ width: 1200, height: 630 });
    // Task order, not finishing order: a different title draws different pixels.
    const alone = await drawAll([tasks(4)[3]!], ogSetup, { threads: 0 });
    expect(Buffer.compare((result.images[3] as DrawnImage).png, (alone.images[0] as DrawnImage).png)).toBe(0);
  });

  it('draws in the main thread when told to, or when there is too little to draw', async () => {
    expect((await drawAll(tasks(2), ogSetup, { threads: 0 })).workers).toBe(0);
    expect((await drawAll(tasks(2), ogSetup)).workers).toBe(0);
  });

  it("draws the site's own .tsx templates on worker threads, loaded as the main thread loads them", async () => {
    const setup = { root: ogSetup.root, templates: socialImages.templates, fonts: socialImages.fonts };
    const task = { template: 'textOnly', props: { title: 'T', description: 'D', brand: 'B', backgroundColor: '#10213A', assets: {} } };
    const result = await drawAll([task, task], setup, { threads: 2 });
    expect(result.workers).toBe(2);
    expect(result.images.map((image) => pngSize((image as DrawnImage).png))).toEqual([
      { width: 1200, height: 630 },
      { width: 1200, height: 630 },
    ]);
  });

  it('reports a template that throws as that task’s error, in workers and in the main thread, and draws the rest', async () => {
    const mixed = [tasks(1)[0]!, { template: 'failing', props: { title: 'Broken' } }, { template: 'nope', props: {} }];
    for (const threads of [0, 2]) {
      const seen: number[] = [];
      const { images } = await drawAll(mixed, ogSetup, { threads, onResult: (index) => seen.push(index) });
      expect((images[0] as DrawnImage).png, `threads=${threads}`).toBeInstanceOf(Uint8Array);
      expect((images[1] as Error).message).toBe('cannot draw "Broken"');
      expect((images[2] as Error).message).toMatch(/no social-image template "nope"/);
      expect(seen.sort()).toEqual([0, 1, 2]);
    }
  });
});
