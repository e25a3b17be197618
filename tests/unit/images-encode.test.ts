import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeImage } from '../../src/images/encode.ts';
import { resolveImageOptions } from '../../src/site/image-options.ts';
import { makeImage } from '../fixtures/images/make-images.ts';

const options = resolveImageOptions({ widths: [120, 240, 480] });

/** What the encoded bytes really are, read back with sharp rather than trusted from the encoder. */
async function decoded(bytes: Uint8Array) {
  const { format, width, height, hasAlpha } = await sharp(bytes).metadata();
  return { format, width, height, hasAlpha };
}

describe('encodeImage', () => {
  it('encodes a JPEG as AVIF, WebP and JPEG at each width up to its own, never upscaled', async () => {
    const image = await encodeImage(await makeImage(300, 200, 'jpeg'), options);
    expect(image.fallback).toBe('jpeg');
    const found = await Promise.all(
      image.variants.map(async (variant) => ({
        claimed: [variant.format, variant.width, variant.height],
        real: await decoded(variant.bytes),
      })),
    );
    const summary = found.map(({ claimed, real }) => {
      expect([real.format === 'heif' ? 'avif' : real.format, real.width, real.height]).toEqual(claimed);
      return claimed.join(' ');
    });
    expect(summary.sort()).toEqual(
      [
        'avif 120 80',
        'avif 240 160',
        'avif 300 200',
        'jpeg 120 80',
        'jpeg 240 160',
        'jpeg 300 200',
        'webp 120 80',
        'webp 240 160',
        'webp 300 200',
      ].sort(),
    );
  });

  it('keeps transparency: a PNG falls back to PNG, and its AVIF and WebP keep the alpha channel', async () => {
    const image = await encodeImage(await makeImage(200, 100, 'png', { alpha: true }), options);
    expect(image.fallback).toBe('png');
    for (const variant of image.variants) expect((await decoded(variant.bytes)).hasAlpha).toBe(true);
  });

  it('falls back to JPEG for an opaque WebP and to PNG for a transparent one', async () => {
    expect((await encodeImage(await makeImage(150, 100, 'webp'), options)).fallback).toBe('jpeg');
    expect((await encodeImage(await makeImage(150, 100, 'webp', { alpha: true }), options)).fallback).toBe('png');
  });

  it('turns a photo by its EXIF orientation, so a portrait shot stays upright', async () => {
    // Orientation 6: stored 300×200, shown rotated a quarter turn, 200×300.
    const image = await encodeImage(await makeImage(300, 200, 'jpeg', { orientation: 6 }), options);
    const widest = image.variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => b.width - a.width)[0]!;
    expect([widest.width, widest.height]).toEqual([200, 300]);
    expect(await decoded(widest.bytes)).toMatchObject({ width: 200, height: 300 });
  });

  it('makes smaller files than the fallback in the modern formats', async () => {
    const image = await encodeImage(await makeImage(480, 320, 'jpeg'), options);
    const bytes = (format: string) =>
      image.variants.find((variant) => variant.format === format && variant.width === 480)!.bytes.byteLength;
    expect(bytes('avif')).toBeLessThan(bytes('jpeg'));
    expect(bytes('webp')).toBeLessThan(bytes('jpeg'));
  });

  it.each([
    ['bytes that are no image', () => Promise.resolve(Buffer.from('not an image at all')), /unsupported image format/],
    ['a truncated JPEG', async () => (await makeImage(300, 200, 'jpeg')).subarray(0, 600), /premature end of JPEG/],
    ['a truncated PNG', async () => (await makeImage(300, 200, 'png')).subarray(0, 2000), /libpng read error/],
  ])('rejects %s with the decoder’s message', async (_, bytes, message) => {
    await expect(encodeImage(await bytes(), options)).rejects.toThrow(message);
  });
});
