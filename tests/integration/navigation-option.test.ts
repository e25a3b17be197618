/**
 * Zero JavaScript unless a site asks (issue 26): the router is in the client entry only under
 * `navigation: 'client'`, a page with no island gets no script unless every page needs one, and
 * a site with no islands, no startup modules and document navigation ships no script at all.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { loadSite } from '../../src/site/load.ts';
import { checkSite } from '../../src/site/validate.ts';
import { createNavigationSite } from '../fixtures/navigation/site.tsx';

/** Only the router logs this (src/client/navigate.ts). */
const ROUTER_MARK = 'Unable to preload CSS for';

async function built(site: Parameters<typeof build>[0]) {
  const writer = memoryWriter();
  const result = await build(site, writer, { threads: 0 });
  expect(result.diagnostics).toEqual([]);
  const text = (file: string) => new TextDecoder().decode(writer.files.get(file));
  const scripts = [...writer.files.keys()].filter((file) => file.endsWith('.js'));
  const entry = scripts.find((file) => /^assets\/client-\w+\.js$/.test(file));
  return { files: writer.files, text, scripts, entry: entry ? text(entry) : undefined };
}

const documentNavigation = await built(createNavigationSite());
const clientNavigation = await built(createNavigationSite('client'));

describe("navigation: 'document' (the default)", () => {
  it('gives a site with islands their code, and the pages with islands the bootstrap, but no router', () => {
    expect(documentNavigation.scripts.some((file) => /^assets\/chunks\/islands-\w+\.js$/.test(file))).toBe(true);
    expect(documentNavigation.entry).toBeDefined();
    expect(documentNavigation.entry).not.toContain(ROUTER_MARK);
    expect(documentNavigation.text('index.html')).toContain('<script type="module" data-entry="/assets/client-');
  });

  it('writes no script into a page that renders no island', () => {
    expect(documentNavigation.text('quiet/index.html')).not.toContain('<script');
  });

  it('ships no JavaScript at all for a site without islands or startup modules', async () => {
    const minimal = await built(await loadSite(path.resolve('docs/examples/minimal')));
    expect(minimal.scripts).toEqual([]);
    for (const [file, bytes] of minimal.files)
      if (file.endsWith('.html')) expect(new TextDecoder().decode(bytes), file).not.toContain('<script');
  });
});

describe("navigation: 'client'", () => {
  it('puts the router in the client entry, and the bootstrap in every page, islands or not', () => {
    expect(clientNavigation.entry).toContain(ROUTER_MARK);
    expect(clientNavigation.text('quiet/index.html')).toContain('<script type="module" data-entry="/assets/client-');
  });

  it('is checked where the site defines it', () => {
    const check = checkSite({ ...createNavigationSite(), navigation: 'spa' }, path.resolve('tests/fixtures/navigation'));
    expect(check.diagnostics).toHaveLength(1);
    expect(check.diagnostics[0]).toMatchObject({ field: 'navigation', actual: '"spa"' });
    expect(check.diagnostics[0]!.expected).toBe('one of client, document');
  });
});
