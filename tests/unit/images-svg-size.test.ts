import { describe, expect, it } from 'vitest';
import { svgSize } from '../../src/images/svg-size.ts';

describe('svgSize', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"/>', { width: 160, height: 90 }],
    ['<svg width="160px" height="90px" viewBox="0 0 16 9"></svg>', { width: 160, height: 90 }],
    ['<svg viewBox="0 0 1200 675"></svg>', { width: 1200, height: 675 }],
    ['<svg viewBox="-10 -10, 320.5 100"></svg>', { width: 320.5, height: 100 }],
    ["<svg viewBox='0 0 48 48' width='100%'></svg>", { width: 48, height: 48 }],
    [
      '<?xml version="1.0"?>\n<!-- a comment -->\n<svg\n  xmlns="http://www.w3.org/2000/svg"\n  viewBox="0 0 64 32"\n>',
      { width: 64, height: 32 },
    ],
    ['<svg data-width="5" viewBox="0 0 64 32">', { width: 64, height: 32 }],
  ])('%s → %j', (text, expected) => {
    expect(svgSize(text)).toEqual(expected);
  });

  it.each([
    ['no size at all', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'],
    ['relative units only', '<svg width="50%" height="2em"></svg>'],
    ['an empty viewBox', '<svg viewBox="0 0 0 0"></svg>'],
    ['a malformed viewBox', '<svg viewBox="0 0 wide tall"></svg>'],
    ['not an SVG', 'GIF89a binary junk'],
  ])('is undefined for %s', (_, text) => {
    expect(svgSize(text)).toBeUndefined();
  });
});
