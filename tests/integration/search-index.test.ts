import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { loadSite } from '../../src/site/load.ts';
import { diskWriter, memoryWriter } from '../../src/output/write.ts';
import { createSearchSite } from '../fixtures/search/site.tsx';

const FIXTURE_CONTENT = path.resolve('tests/fixtures/search/content');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-search-index-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const text = (files: Map<string, Uint8Array>, file: string) => Buffer.from(files.get(file)!).toString('utf8');
const searchFiles = (files: Iterable<string>) => [...files].filter((file) => file.startsWith('pagefind/')).sort();

describe('the search index of a build', () => {
  it('indexes the published, visible pages but the 404 page, and publishes what the JS API loads, nothing of Pagefind’s own UIs', async () => {
    const writer = memoryWriter();
    const result = await build(createSearchSite(), writer, { threads: 0 });
    expect(result.diagnostics).toEqual([]);
    const entry = JSON.parse(text(writer.files, 'pagefind/pagefind-entry.json')) as { languages: Record<string, { page_count: number }> };
    // Home, the lighthouse and the tides: not the hidden page, the draft or the 404 page.
    expect(entry.languages.en!.page_count).toBe(3);
    const files = searchFiles(writer.files.keys());
    expect(files).toContain('pagefind/pagefind.js');
    expect(files).toContain('pagefind/pagefind-worker.js');
    expect(files.some((file) => /^pagefind\/wasm\.en\.pagefind$/.test(file))).toBe(true);
    expect(files.filter((file) => /ui|highlight|playground/.test(file))).toEqual([]);
    // The index's files named by their hash are cached for good; the script, the worker and the entry are asked for again.
    const headers = text(writer.files, '_headers');
    expect(headers).toMatch(/\/pagefind\/index\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
    expect(headers).toMatch(/\/pagefind\/pagefind\.js\n {2}Cache-Control: public, max-age=3600, must-revalidate/);
    // The published pages are the template's, unmarked: only Pagefind's copy has data-pagefind-body.
    expect(text(writer.files, 'index.html')).not.toContain('data-pagefind');
  });

  it('adds exactly what the search needs to the policy, and a site without search has neither index nor that source', async () => {
    const csp = (files: Map<string, Uint8Array>) => /Content-Security-Policy: (.*)/.exec(text(files, '_headers'))![1]!;
    const withSearch = memoryWriter();
    const without = memoryWriter();
    await build(createSearchSite(), withSearch, { threads: 0 });
    await build(createSearchSite(undefined, false), without, { threads: 0 });
    expect(searchFiles(without.files.keys())).toEqual([]);
    expect(csp(without.files)).not.toContain('wasm');
    // The same policy but script-src, which gains 'wasm-unsafe-eval' (and the hash of the island's bootstrap: the page without search has no island).
    const directives = (policy: string) => policy.split('; ').filter((directive) => !directive.startsWith('script-src '));
    expect(directives(csp(withSearch.files))).toEqual(directives(csp(without.files)));
    const scriptSrc = csp(withSearch.files)
      .split('; ')
      .find((directive) => directive.startsWith('script-src '))!;
    expect(scriptSrc.split(' ').filter((source) => !source.startsWith("'sha256-"))).toEqual(['script-src', "'self'", "'wasm-unsafe-eval'"]);
  });

  it('reuses the last index when no indexed page changed, and indexes again when one did', async () => {
    const content = path.join(work, 'content');
    fs.cpSync(FIXTURE_CONTENT, content, { recursive: true });
    // Loaded from its code, as `site build` loads it: only then is the last build's state kept.
    const site = await loadSite(path.resolve('tests/fixtures/search'), undefined, { contentDir: content });
    const out = path.join(work, 'dist');
    const cache = { dir: path.join(work, 'cache') };
    const entryFile = path.join(out, 'pagefind/pagefind-entry.json');
    const first = await build(site, diskWriter(out), { cache });
    expect(first.diagnostics).toEqual([]);
    expect(first.search).toEqual({ indexed: 3, reused: false });
    const stamp = () => fs.statSync(entryFile).mtimeMs;
    const before = stamp();
    const indexFiles = () => fs.readdirSync(path.join(out, 'pagefind/index'));

    // A change to a hidden page re-renders it, but no indexed page: the index is carried over.
    await new Promise((resolve) => setTimeout(resolve, 20));
    fs.appendFileSync(path.join(content, 'guides/secret.md'), '\nMore hidden words.\n');
    const second = await build(site, diskWriter(out), { cache });
    expect(second.diagnostics).toEqual([]);
    expect(second.pages?.rendered).toBeGreaterThan(0);
    expect(second.search).toEqual({ indexed: 3, reused: true });
    expect(stamp()).toBe(before);
    const indexBefore = indexFiles();

    // An edit to an indexed page makes a new index with the new word.
    fs.appendFileSync(path.join(content, 'guides/tides.md'), '\nThe harbourmaster rings a bell.\n');
    const third = await build(site, diskWriter(out), { cache });
    expect(third.diagnostics).toEqual([]);
    expect(third.search).toEqual({ indexed: 3, reused: false });
    expect(indexFiles()).not.toEqual(indexBefore);
  });

  it('reports filters that are not text at the page’s file, at search.fields, and writes nothing', async () => {
    const site = createSearchSite();
    const broken = {
      ...site,
      search: { fields: (entry: { url: string }) => (entry.url === '/guides/tides' ? { filters: { 'tag:x': 'water' } } : undefined) },
    } as unknown as typeof site;
    const writer = memoryWriter();
    const result = await build(broken, writer, { threads: 0 });
    expect(result.diagnostics).toMatchObject([
      {
        code: 'search-field-invalid',
        severity: 'error',
        field: 'search.fields',
        page: '/guides/tides',
        file: path.join(FIXTURE_CONTENT, 'guides/tides.md'),
        message: 'search.fields gave the page /guides/tides the filters key "tag:x", not a word of letters, digits, _ and -',
      },
    ]);
    expect(writer.files.size).toBe(0);
  });
});
