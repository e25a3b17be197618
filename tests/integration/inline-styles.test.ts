/**
 * `inlineStyles` (issue 16): a page's stylesheets written into its head, allowed by their hashes in
 * the Content-Security-Policy, with the files still written for client-side navigations.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';

const text = (files: Map<string, Uint8Array>, path: string) => new TextDecoder().decode(files.get(path));
const sha256 = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

const linked = memoryWriter();
const inlined = memoryWriter();
const linkedResult = await build(createMinimalSite(), linked);
const inlinedResult = await build({ ...createMinimalSite(), inlineStyles: true }, inlined);

describe('a site with inlineStyles', () => {
  it('builds without diagnostics, as it does with linked stylesheets', () => {
    expect(linkedResult.diagnostics).toEqual([]);
    expect(inlinedResult.diagnostics).toEqual([]);
  });

  it('writes each stylesheet into the page as a <style> naming its file, instead of a link', () => {
    const before = text(linked.files, 'index.html');
    const hrefs = [...before.matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    const after = text(inlined.files, 'index.html');
    expect(after).not.toContain('rel="stylesheet"');
    for (const href of hrefs) {
      const css = text(inlined.files, href.slice(1)).trim();
      expect(css.length).toBeGreaterThan(0);
      expect(after).toContain(`<style data-href="${href}">${css}</style>`);
    }
  });

  it('allows exactly those stylesheets by their hashes in the CSP, and no inline style without one', () => {
    const csp = /Content-Security-Policy: (.*)/.exec(text(inlined.files, '_headers'))![1]!;
    const styleSrc = csp
      .split('; ')
      .find((directive) => directive.startsWith('style-src '))!
      .split(' ')
      .slice(1);
    const page = text(inlined.files, 'index.html');
    const hashes = [...page.matchAll(/<style data-href="[^"]+">([^<]*)<\/style>/g)].map((m) => sha256(m[1]!));
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(styleSrc).toContain(hash);
    expect(styleSrc).not.toContain("'unsafe-inline'");
    const linkedCsp = /Content-Security-Policy: (.*)/.exec(text(linked.files, '_headers'))![1]!;
    // Only the script directive holds a hash there: the engine's bootstrap.
    expect(linkedCsp.split('; ').find((directive) => directive.startsWith('style-src '))).toBe("style-src 'self'");
  });
});
