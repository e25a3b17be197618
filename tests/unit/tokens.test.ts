import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { breakpoints, headerRevealOffset, menuLimits, sizes, socialImage, timing } from '../../templates/tokens.ts';

const tokensCss = fs.readFileSync('templates/styles/tokens.css', 'utf8');
const baseCss = fs.readFileSync('templates/styles/base.css', 'utf8');

describe('design tokens (templates/README.md, "Design tokens")', () => {
  it('has the constants the site was specified with', () => {
    expect(breakpoints).toEqual({ sm: 600, md: 1024, lg: 1440, xl: 1920 });
    expect(sizes).toEqual({ xs: 18, sm: 24, md: 32, lg: 38, xl: 46 });
    expect(timing).toEqual({ resizeDebounceMs: 16, menuTransitionMs: 300, longPressMs: 300 });
    expect(headerRevealOffset).toBe(250);
    expect(menuLimits).toEqual({ caseStudies: 10, blogs: 10 });
    expect(socialImage).toEqual({ width: 1200, height: 630 });
  });

  it('repeats the size scale, breakpoints and menu transition in CSS', () => {
    for (const [name, px] of Object.entries(sizes)) expect(tokensCss).toContain(`--size-${name}: ${px}px;`);
    for (const [name, px] of Object.entries(breakpoints)) expect(tokensCss).toContain(`--bp-${name}: ${px}px;`);
    expect(tokensCss).toContain(`--menu-transition: ${timing.menuTransitionMs}ms;`);
  });

  it('uses only the breakpoints of tokens.ts in media queries', () => {
    const widths = [...(tokensCss + baseCss).matchAll(/\((?:min|max)-width: ([\d.]+)px\)/g)].map((m) => Math.ceil(Number(m[1])));
    expect(widths.length).toBeGreaterThan(0);
    for (const width of widths) expect(Object.values(breakpoints)).toContain(width);
  });
});
