import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { respond, serveBuild } from '../../src/serve/response.ts';
import type { TrailingSlash } from '../../src/core/urls.ts';
import { BUNDLE_FILES, createBundleSite, writeBundleContent } from '../fixtures/bundles/site.tsx';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-slash-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The bundles fixture with its Markdown links written with trailing slashes, as an author of a slashed site writes them. */
const SLASHED_LINKS = {
  'posts/hello/index.md': BUNDLE_FILES['posts/hello/index.md']!.replace('(../next)', '(../next/)'),
  'index.md': '---\ntitle: Home\ndescription: The home page.\n---\nRead [the first post](posts/hello/).\n',
  'posts/next.md':
    '---\ntitle: Next\ndescription: The next post.\ncreatedDate: 2026-01-03\n---\nBack to [the diagram](./hello/diagram.png) and [hello](/posts/hello/#top).\n',
};

async function buildWith(name: string, trailingSlash: TrailingSlash | undefined, changes: Record<string, string> = {}) {
  const content = await writeBundleContent(path.join(work, name), changes);
  const writer = memoryWriter();
  const site = createBundleSite(content, trailingSlash ? { trailingSlash } : {});
  const result = await build(site, writer, { threads: 0, images: { cacheDir: path.join(work, 'cache') } });
  const text = (file: string) => new TextDecoder().decode(writer.files.get(file) ?? new Uint8Array());
  return { result, files: writer.files, text, content };
}

const always = await buildWith('always', 'always', SLASHED_LINKS);

describe("trailingSlash: 'always'", () => {
  it("builds with no errors, each page at its folder's index.html", () => {
    expect(always.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect([...always.files.keys()].filter((file) => file.endsWith('.html')).sort()).toEqual([
      '404.html',
      'index.html',
      'missing/index.html',
      'posts/hello/index.html',
      'posts/next/index.html',
    ]);
  });

  it('gives entries, canonical links, the sitemap and feeds URLs that end in a slash (the root stays /)', () => {
    expect(always.result.catalogue.entries.map((entry) => entry.url).sort()).toEqual(['/', '/missing/', '/posts/hello/', '/posts/next/']);
    expect(always.result.catalogue.byPath('/posts/hello')?.url).toBe('/posts/hello/');
    expect(always.text('posts/hello/index.html')).toContain('<link rel="canonical" href="https://bundles.example/posts/hello/"/>');
    expect(always.text('index.html')).toContain('<link rel="canonical" href="https://bundles.example/"/>');
    const locs = [...always.text('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://bundles.example/',
      'https://bundles.example/missing/',
      'https://bundles.example/posts/hello/',
      'https://bundles.example/posts/next/',
    ]);
    expect(always.text('rss.xml')).toContain('<link>https://bundles.example/posts/hello/</link>');
    expect(always.text('atom.xml')).toContain('<id>https://bundles.example/posts/next/</id>');
    // The feed's own page, named in the site definition without a slash, takes the site's style.
    expect(always.text('rss.xml')).toContain('<link>https://bundles.example/posts/</link>');
  });

  it('writes the links templates draw from entries in the same style', () => {
    expect(always.text('index.html')).toContain('<nav><a href="/posts/hello/">Hello</a><a href="/posts/next/">Next</a></nav>');
  });

  it("warns about a link to a page without the slash, at its line, with the page's URL in the site's style", async () => {
    const unslashed = await buildWith('always-unslashed', 'always');
    const problems = unslashed.result.diagnostics.filter((d) => d.code === 'trailing-slash');
    expect(problems.map((d) => [path.relative(unslashed.content, d.file!), d.line, d.actual, d.hint])).toEqual([
      [
        'index.md',
        5,
        '"posts/hello", which resolves to /posts/hello',
        'Write "posts/hello/": on a static host the other form costs a redirect.',
      ],
      [
        'posts/hello/index.md',
        13,
        '"../next", which resolves to /posts/next',
        'Write "../next/": on a static host the other form costs a redirect.',
      ],
      ['posts/next.md', 6, '"hello", which resolves to /posts/hello', 'Write "hello/": on a static host the other form costs a redirect.'],
    ]);
    // A warning: the page is still reached (a host redirects, or serves the folder's index.html).
    expect(problems.every((d) => d.severity === 'warning' && d.expected?.includes("trailingSlash 'always'"))).toBe(true);
    expect(unslashed.files.has('index.html')).toBe(true);
  });
});

describe("trailingSlash: 'never' (the default)", () => {
  it('keeps URLs without a slash, and warns about a link to a page written with one', async () => {
    const plain = await buildWith('never', undefined);
    expect(plain.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(plain.result.catalogue.entries.map((entry) => entry.url).sort()).toEqual(['/', '/missing', '/posts/hello', '/posts/next']);
    expect(plain.text('posts/hello/index.html')).toContain('<link rel="canonical" href="https://bundles.example/posts/hello"/>');
    const never = await buildWith('never-slashed', undefined, SLASHED_LINKS);
    const problems = never.result.diagnostics.filter((d) => d.code === 'trailing-slash');
    expect(problems.map((d) => [path.relative(never.content, d.file!), d.line, d.hint])).toEqual([
      ['index.md', 5, 'Write "posts/hello": on a static host the other form costs a redirect.'],
      ['posts/hello/index.md', 13, 'Write "../next": on a static host the other form costs a redirect.'],
      ['posts/next.md', 6, 'Write "/posts/hello#top": on a static host the other form costs a redirect.'],
    ]);
  });
});

describe('site serve', () => {
  /** Serves a build's files as `site serve` does, on a free port. */
  async function serve(files: Map<string, Uint8Array>) {
    const served = serveBuild(files);
    const server = http.createServer((request, response) => respond(request, response, served));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it("sends a page asked for in the other style on to the site's, keeping the query", async () => {
    const slashed = await serve(always.files);
    const plain = await serve((await buildWith('serve-never', undefined)).files);
    try {
      const ask = (base: string, url: string) => fetch(`${base}${url}`, { redirect: 'manual' });
      const moved = await ask(slashed.base, '/posts/hello?x=1');
      expect([moved.status, moved.headers.get('location')]).toEqual([308, '/posts/hello/?x=1']);
      expect((await ask(slashed.base, '/posts/hello/')).status).toBe(200);
      expect((await ask(slashed.base, '/posts/hello/diagram.png')).status).toBe(200);
      const back = await ask(plain.base, '/posts/hello/');
      expect([back.status, back.headers.get('location')]).toEqual([308, '/posts/hello']);
      expect((await ask(plain.base, '/posts/hello')).status).toBe(200);
      // Never a redirect to another host, whatever the path.
      for (const odd of ['//posts/hello/', '/posts//hello/', '/%2Fposts/hello/']) {
        expect((await ask(plain.base, odd)).headers.get('location') ?? '/', odd).toMatch(/^\/(?!\/)/);
      }
    } finally {
      await Promise.all([slashed.close(), plain.close()]);
    }
  });
});
