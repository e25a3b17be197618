import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { loadSite, withContent } from '../../src/site/load.ts';

/** The guide's multilingual example (en, de, ar; `posts/english-only` has no translation), with the search and `i18n.fallback` on. */
const EXAMPLE = path.resolve('docs/examples/multilingual');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'search-multilingual-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The example as its `const search = true;` makes it, with the fallback on, built in memory. */
async function buildExample(contentDir?: string) {
  const loaded = await loadSite(EXAMPLE);
  const site = {
    ...(contentDir ? withContent(loaded, contentDir) : loaded),
    search: true,
    i18n: { ...loaded.i18n!, fallback: true },
    islands: { Search: path.join(EXAMPLE, 'islands/Search.tsx') },
  };
  const writer = memoryWriter();
  const result = await build(site, writer, { threads: 0, cache: false });
  expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  return writer;
}

/** The URL of every page in the index: each fragment is gzip of `pagefind_dcd` and the page's JSON (Pagefind's own format). */
function indexedUrls(files: Map<string, Uint8Array>): string[] {
  const urls: string[] = [];
  for (const [file, bytes] of files) {
    if (!file.startsWith('pagefind/fragment/')) continue;
    const text = gunzipSync(bytes).toString('utf8');
    urls.push((JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url);
  }
  return urls.sort();
}

describe('the search of a multilingual site', () => {
  it('has one index per locale, of that locale’s own pages, and no fallback copy in any', async () => {
    const writer = await buildExample();
    // The fallback copies are built (they are pages), but not found by the search.
    expect(writer.files.has('de/posts/english-only/index.html')).toBe(true);
    expect(writer.files.has('de/404.html')).toBe(true);

    const entry = JSON.parse(new TextDecoder().decode(writer.files.get('pagefind/pagefind-entry.json'))) as {
      languages: Record<string, { page_count: number }>;
    };
    expect(Object.fromEntries(Object.entries(entry.languages).map(([lang, { page_count }]) => [lang, page_count]))).toEqual({
      en: 4,
      de: 3,
      ar: 3,
    });
    expect(indexedUrls(writer.files)).toEqual([
      '/',
      '/about',
      '/ar',
      '/ar/about',
      '/ar/posts/hello-world',
      '/de',
      '/de/about',
      '/de/posts/hello-world',
      '/posts/english-only',
      '/posts/hello-world',
    ]);
  });

  it('leaves out each locale’s 404 page even when it is not hidden', async () => {
    const content = path.join(work, 'content');
    fs.cpSync(path.join(EXAMPLE, 'content'), content, { recursive: true });
    for (const file of ['404.md', 'de/404.md', 'ar/404.md']) {
      const at = path.join(content, file);
      fs.writeFileSync(at, fs.readFileSync(at, 'utf8').replace('hidden: true\n', ''));
    }
    const urls = indexedUrls((await buildExample(content)).files);
    expect(urls.filter((url) => url.endsWith('/404'))).toEqual([]);
    expect(urls).toContain('/de/posts/hello-world');
  });
});
