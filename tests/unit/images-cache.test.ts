import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { variantCache } from '../../src/runner/caches/image-cache.ts';
import type { EncodedImage } from '../../src/images/encode.ts';

const image = (seed: number): EncodedImage => ({
  fallback: 'jpeg',
  variants: [
    { format: 'avif', width: 100, height: 50, bytes: new Uint8Array([seed, 1, 2]) },
    { format: 'jpeg', width: 100, height: 50, bytes: new Uint8Array([seed, 3, 4, 5]) },
  ],
});

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-cache-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('variantCache', () => {
  it('misses a key never written, and gives back exactly what was written', async () => {
    const cache = variantCache(dir);
    expect(await cache.read('k1')).toBeUndefined();
    await cache.write('k1', image(7));
    const read = await cache.read('k1');
    expect(read?.fallback).toBe('jpeg');
    expect(read?.variants.map((variant) => [variant.format, variant.width, variant.height, [...variant.bytes]])).toEqual([
      ['avif', 100, 50, [7, 1, 2]],
      ['jpeg', 100, 50, [7, 3, 4, 5]],
    ]);
  });

  it('lets many builds write the same key at once: one copy wins, nothing is left half-written', async () => {
    const caches = Array.from({ length: 8 }, () => variantCache(dir));
    await Promise.all(caches.map((cache, i) => cache.write('same', image(i))));
    expect(fs.readdirSync(dir)).toEqual(['same']);
    const read = await caches[0]!.read('same');
    const seed = read!.variants[0]!.bytes[0]!;
    // Every file of the folder comes from the same writer.
    expect(read!.variants.map((variant) => variant.bytes[0])).toEqual([seed, seed]);
  });

  it('treats a damaged folder as a miss and removes it, so the image is stored again', async () => {
    const cache = variantCache(dir);
    await cache.write('k2', image(1));
    fs.rmSync(path.join(cache.folderOf('k2'), '100.avif'));
    expect(await cache.read('k2')).toBeUndefined();
    expect(fs.existsSync(cache.folderOf('k2'))).toBe(false);
    await cache.write('k2', image(2));
    expect((await cache.read('k2'))?.variants[0]?.bytes[0]).toBe(2);
  });

  it('treats unreadable JSON in index.json as a miss', async () => {
    const cache = variantCache(dir);
    await cache.write('k3', image(1));
    fs.writeFileSync(path.join(cache.folderOf('k3'), 'index.json'), '{ half');
    expect(await cache.read('k3')).toBeUndefined();
  });
});
