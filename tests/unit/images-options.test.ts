import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_OPTIONS, fallbackFormat, resolveImageOptions, variantWidths } from '../../src/site/image-options.ts';

describe('variantWidths', () => {
  it.each([
    { intrinsic: 3000, candidates: [400, 800, 1200, 1600], expected: [400, 800, 1200, 1600] },
    { intrinsic: 1600, candidates: [400, 800, 1200, 1600], expected: [400, 800, 1200, 1600] },
    { intrinsic: 1000, candidates: [400, 800, 1200, 1600], expected: [400, 800, 1000] },
    { intrinsic: 800, candidates: [400, 800, 1200, 1600], expected: [400, 800] },
    { intrinsic: 300, candidates: [400, 800, 1200, 1600], expected: [300] },
    { intrinsic: 401, candidates: [400, 800], expected: [400, 401] },
  ])('$intrinsic px wide over $candidates → $expected', ({ intrinsic, candidates, expected }) => {
    expect(variantWidths(intrinsic, candidates)).toEqual(expected);
  });

  it('never upscales, never repeats a width, and always ends at the widest it may', () => {
    for (let intrinsic = 1; intrinsic < 2500; intrinsic += 37) {
      const widths = variantWidths(intrinsic, DEFAULT_IMAGE_OPTIONS.widths);
      expect(Math.max(...widths)).toBe(Math.min(intrinsic, 1600));
      expect(new Set(widths).size).toBe(widths.length);
      expect([...widths].sort((a, b) => a - b)).toEqual(widths);
    }
  });
});

describe('fallbackFormat', () => {
  it.each([
    ['jpeg', false, 'jpeg'],
    ['png', false, 'png'],
    ['png', true, 'png'],
    ['webp', false, 'jpeg'],
    ['webp', true, 'png'],
    ['heif', false, 'jpeg'],
    ['heif', true, 'png'],
  ] as const)('a %s source (alpha: %s) falls back to %s', (source, alpha, expected) => {
    expect(fallbackFormat(source, alpha)).toBe(expected);
  });
});

describe('resolveImageOptions', () => {
  it('fills in the defaults and keeps a partial quality override', () => {
    expect(resolveImageOptions({ quality: { avif: 40 } })).toEqual({
      ...DEFAULT_IMAGE_OPTIONS,
      quality: { ...DEFAULT_IMAGE_OPTIONS.quality, avif: 40 },
    });
  });

  it('sorts and deduplicates widths', () => {
    expect(resolveImageOptions({ widths: [800, 200, 800] }).widths).toEqual([200, 800]);
  });

  it.each([[[]], [[0]], [[12.5]]])('rejects widths %j', (widths) => {
    expect(() => resolveImageOptions({ widths })).toThrow(/images\.widths/);
  });
});
