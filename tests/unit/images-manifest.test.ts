import { describe, expect, it } from 'vitest';
import { lookupImage, rasterEntry, variantFileName, type ImageManifest, type PublishedVariant } from '../../src/images/manifest.ts';

const variant = (format: PublishedVariant['format'], width: number): PublishedVariant => ({
  format,
  width,
  height: width / 2,
  url: `/v/${width}.${format}`,
});

describe('rasterEntry', () => {
  it('offers AVIF, then WebP, then the fallback, each with its widths ascending, and the widest fallback as src', () => {
    const entry = rasterEntry(
      [variant('jpeg', 800), variant('avif', 800), variant('webp', 400), variant('avif', 400), variant('jpeg', 400), variant('webp', 800)],
      'jpeg',
    );
    expect(entry).toEqual({
      src: '/v/800.jpeg',
      width: 800,
      height: 400,
      srcset: '/v/400.jpeg 400w, /v/800.jpeg 800w',
      sources: [
        { type: 'image/avif', srcset: '/v/400.avif 400w, /v/800.avif 800w' },
        { type: 'image/webp', srcset: '/v/400.webp 400w, /v/800.webp 800w' },
      ],
    });
  });

  it('refuses variants without the fallback format', () => {
    expect(() => rasterEntry([variant('avif', 400)], 'png')).toThrow(/no png variant/);
  });
});

describe('variantFileName', () => {
  it.each([
    ['photo', 800, 'avif', 'photo-800.0123456789.avif'],
    ['Team Photo (final)', 400, 'jpeg', 'Team-Photo-final-400.0123456789.jpg'],
    ['…', 400, 'png', 'image-400.0123456789.png'],
  ] as const)('%s at %i as %s → %s', (stem, width, format, expected) => {
    expect(variantFileName(stem, width, format, '0123456789abcdef')).toBe(expected);
  });
});

describe('lookupImage', () => {
  const image = { src: '/images/a b.svg', width: 1, height: 1, sources: [] };
  const manifest: ImageManifest = { '/images/a b.svg': image };

  it('finds an image by its URL, written plainly or percent-encoded', () => {
    expect(lookupImage(manifest, '/images/a b.svg')).toBe(image);
    expect(lookupImage(manifest, '/images/a%20b.svg')).toBe(image);
  });

  it('finds nothing for unknown URLs, inherited keys or malformed escapes', () => {
    expect(lookupImage(manifest, '/images/other.svg')).toBeUndefined();
    expect(lookupImage(manifest, 'constructor')).toBeUndefined();
    expect(lookupImage(manifest, '/images/%E0%A4%A.svg')).toBeUndefined();
  });

  it('survives a JSON round trip, as a worker thread would receive it', () => {
    expect(lookupImage(JSON.parse(JSON.stringify(manifest)) as ImageManifest, '/images/a b.svg')).toEqual(image);
  });
});
