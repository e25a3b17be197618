import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { createElement } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/build.ts';
import { catalogue, sentences } from '../../src/diagnostics/catalogue/index.ts';
import * as engine from '../../src/index.ts';
import { memoryWriter } from '../../src/output/write.ts';
import type { Site } from '../../src/site/definition.ts';
import { loadSite } from '../../src/site/load.ts';
import { siteSchema } from '../../src/site/schema.ts';

/**
 * The engine's guide (docs/) and its examples (docs/examples/<topic>/): every example builds
 * with the engine and shows what it is about; every excerpt of an example in the guide is still
 * in its file, every page and report it quotes is what the engine makes; and the lists that could
 * go stale (diagnostic codes, site-definition fields, CLI options, public exports) are complete.
 */

const DOCS = path.resolve('docs');
const EXAMPLES = path.join(DOCS, 'examples');
const BIN = path.resolve('bin/site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-examples-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface Built {
  result: BuildResult;
  files: Map<string, Uint8Array>;
  /** An output file as text; fails the test when there is none. */
  text(file: string): string;
}

/** Builds a site in memory, drawing social images and encoding images afresh into a temporary cache. */
async function buildSite(site: Site, name: string, options: { drafts?: boolean } = {}): Promise<Built> {
  const writer = memoryWriter();
  const cache = path.join(work, name);
  const result = await build(site, writer, {
    ...options,
    threads: 0,
    og: { threads: 0, cacheDir: path.join(cache, 'og') },
    images: { cacheDir: path.join(cache, 'images') },
    dataCache: path.join(cache, 'data'),
  });
  const text = (file: string) => {
    const bytes = writer.files.get(file);
    if (!bytes) throw new Error(`${name} has no output file ${file}; it has ${[...writer.files.keys()].join(', ')}`);
    return new TextDecoder().decode(bytes);
  };
  return { result, files: writer.files, text };
}

/** Examples whose loader reads a server: it is started for their build on 127.0.0.1, and stopped after. */
const SERVERS: Record<string, () => Promise<{ close(): Promise<void> }>> = {
  'data-http': async () => {
    const { startApi } = await import('../../docs/examples/data-http/api.ts');
    const api = await startApi(0);
    process.env.EVENTS_API_URL = api.url;
    return api;
  },
};

const builds = new Map<string, Promise<Built>>();
/** Each example is built once, for its checks and for the pages the guide quotes. */
function built(name: string): Promise<Built> {
  let done = builds.get(name);
  if (!done) {
    const building = async () => {
      const server = await SERVERS[name]?.();
      try {
        return await buildSite(await loadSite(path.join(EXAMPLES, name)), name);
      } finally {
        await server?.close();
      }
    };
    builds.set(name, (done = building()));
  }
  return done;
}

const codes = (result: BuildResult) => [...new Set(result.diagnostics.map((d) => d.code))].sort();
/** The `href`s of the links inside the first element matching `open … </close>`. */
const hrefsIn = (html: string, open: string, close: string) => {
  const start = html.indexOf(open);
  expect(start, `${open} in the page`).toBeGreaterThanOrEqual(0);
  const part = html.slice(start, html.indexOf(close, start));
  return [...part.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
};
/** A PNG's size, from its IHDR chunk. */
const pngSize = (bytes: Uint8Array) => {
  const view = Buffer.from(bytes);
  expect(view.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
};

/** What each example is about, checked on its build. An example that should fail says so. */
const CHECKS: Record<string, (built: Built) => void | Promise<void>> = {
  minimal({ files, text }) {
    expect([...files.keys()].filter((file) => file.endsWith('.html')).sort()).toEqual([
      '404.html',
      '404/index.html',
      'about/index.html',
      'index.html',
    ]);
    expect(files.has('favicon.svg')).toBe(true);
    expect(text('index.html')).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(text('404.html')).toContain('<meta name="robots" content="noindex"/>');
    // No island, no startup module, document navigation: no JavaScript at all.
    expect([...files.keys()].filter((file) => file.endsWith('.js'))).toEqual([]);
    for (const file of files.keys()) if (file.endsWith('.html')) expect(text(file), file).not.toContain('<script');
  },
  multilingual({ text }) {
    // Three locales, one right to left, each page linked to its translations.
    expect(text('ar/index.html')).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
    expect(text('de/posts/hello-world/index.html')).toContain(
      '<link rel="alternate" hrefLang="ar" href="https://polyglot.example/ar/posts/hello-world"/>',
    );
    expect(hrefsIn(text('de/index.html'), '<nav aria-label="Sprache"', '</nav>')).toEqual(['/', '/de', '/ar']);
    expect(text('sitemap.xml')).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://polyglot.example/"/>');
  },
  navigation({ files, text }) {
    const page = text('about/index.html');
    expect(hrefsIn(page, '<nav aria-label="Site">', '</nav>')).toEqual(['/', '/about']);
    expect(page).toContain('<a href="/about" aria-current="page">About</a>');
    // The router is in the client entry (only it reports a stylesheet that failed), and every page fetches the entry.
    const entry = [...files.keys()].find((file) => /^assets\/client-\w+\.js$/.test(file))!;
    expect(text(entry)).toContain('Unable to preload CSS for');
    expect(page).toContain(`data-entry="/${entry}"`);
  },
  blog({ text }) {
    // Newest first: 09:30 UTC, then 10:00 at +02:00 (08:00 UTC), then the plain date of the same day.
    expect(hrefsIn(text('index.html'), '<ul class="posts">', '</ul>')).toEqual([
      '/posts/node-24',
      '/posts/server-components',
      '/posts/container-queries',
    ]);
    expect(text('posts/server-components/index.html')).toContain('<time dateTime="2026-01-15T08:00:00Z">');
    expect(text('posts/server-components/index.html')).toContain('<a href="/authors/ada">Ada Example</a>');
    expect(text('authors/ada/index.html')).toContain('<img src="/images/ada.svg"');
  },
  templates({ text }) {
    const page = text('guides/terns/index.html');
    // The menu in the one ordering (sort, then those without one) and the list page left out.
    expect(hrefsIn(page, '<nav aria-label="Guides">', '</nav>')).toEqual(['/guides/plovers', '/guides/terns', '/guides/gulls']);
    expect(page).toContain('<a href="/guides/terns" aria-current="page">');
    expect(page).toContain('<a href="/guides">All guides</a>');
    // The memo footer, with the value derived from the catalogue.
    expect(page.replaceAll('<!-- -->', '')).toContain('<footer>Field guides: 3 guides</footer>');
  },
  islands({ files, text }) {
    const page = text('about/index.html');
    expect(page).toContain('<div data-island="Menu" data-props="{&quot;path&quot;:&quot;/about&quot;');
    expect(page).toContain('<a href="/about" aria-current="page">About</a>');
    const chunks = [...files.keys()]
      .filter((file) => file.startsWith('assets/chunks/'))
      .map((file) => path.basename(file).replace(/-[A-Z0-9]+\.js$/, ''));
    // Every island of a site shares one chunk, fetched once the first island comes due.
    expect(chunks).toEqual(['islands']);
    expect(page).not.toContain('/assets/chunks/');
  },
  markdown({ result, files, text }) {
    expect(result.diagnostics).toEqual([]);
    const home = text('index.html');
    // The registry plugin ran, with its options; the engine's own link pass after it.
    expect(home).toContain(
      '<a href="https://unifiedjs.com" rel="noopener noreferrer" target="_blank">unified collective<span> ↗</span></a>',
    );
    expect(home).toMatch(
      /<pre class="shiki" tabindex="0" data-language="typescript"><code><span class="line"><span class="hl-d73a49 hd-ff7b72">export<\/span>/,
    );
    const css = [...files.keys()].find((file) => /^assets\/code-[A-Z0-9]+\.css$/.test(file))!;
    expect(home).toContain(`<link rel="stylesheet" href="/${css}"/>`);
    expect(text(css)).toContain('@media (prefers-color-scheme: dark)');
    const note = text('notes/counting/index.html');
    expect(note).toContain('<aside class="callout">This box is a React component, rendered when the site is built.</aside>');
    expect(note).toContain(
      '<div data-island="Counter" data-props="{&quot;start&quot;:1,&quot;label&quot;:&quot;Clicks&quot;}"><button type="button">',
    );
    expect(note).toContain('<pre class="shiki" tabindex="0" data-language="python">');
    // A page without code does not load the code's stylesheet.
    expect(text('404.html')).not.toContain(css);
  },
  'tag-pages'({ text }) {
    expect(hrefsIn(text('tags/css/index.html'), '<ul>', '</ul>')).toEqual(['/posts/flexbox', '/posts/grid']);
    expect(hrefsIn(text('tags/layout/index.html'), '<ul>', '</ul>')).toEqual(['/posts/grid']);
    expect(hrefsIn(text('index.html'), '<ul>', '</ul>')).toEqual(['/tags/css', '/tags/layout']);
    expect(text('sitemap.xml')).toContain('<loc>https://tagged.example/tags/layout</loc>');
  },
  feeds({ text }) {
    const rss = text('posts/rss.xml');
    expect([...rss.matchAll(/<item>\n<title>([^<]+)/g)].map((m) => m[1])).toEqual(['The second note', 'The first note']);
    expect(rss).toContain('<dc:creator>Sam Example</dc:creator>');
    expect(rss).toContain('<a href="https://notes.example/">link home</a>');
    expect(text('posts/atom.xml').match(/<entry>/g)).toHaveLength(2);
    expect(text('sitemap.xml')).not.toContain('/posts/draft');
    expect(text('robots.txt')).toBe('User-agent: *\nDisallow: /drafts/\n\nSitemap: https://notes.example/sitemap.xml\n');
    const page = text('posts/first/index.html');
    expect(page).toContain('<link rel="alternate" type="application/rss+xml" title="Notes" href="/posts/rss.xml"/>');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({ '@type': 'BlogPosting', headline: 'The first note', datePublished: '2026-01-10' });
  },
  'social-images'({ files, text }) {
    for (const image of ['og/index.png', 'og/about.png'])
      expect(pngSize(files.get(image) ?? new Uint8Array(24))).toEqual({ width: 1200, height: 630 });
    // Hidden pages get none: og.image() returns undefined for them.
    expect([...files.keys()].filter((file) => file.startsWith('og/')).sort()).toEqual(['og/about.png', 'og/index.png']);
    const page = text('about/index.html');
    expect(page).toContain('<meta property="og:image" content="https://cards.example/og/about.png"/>');
    expect(page).toContain('<meta property="og:type" content="article"/>');
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  },
  images({ files, text }) {
    const variants = [...files.keys()]
      .filter((file) => file.startsWith('assets/images/'))
      .map((file) => file.replace(/\.[0-9a-f]{10}\./, '.'))
      .sort();
    expect(variants).toEqual(
      ['avif', 'png', 'webp'].flatMap((ext) => [480, 960].map((width) => `assets/images/shore-${width}.${ext}`)).sort(),
    );
    const page = text('index.html');
    expect(page).toMatch(
      /<picture><source type="image\/avif" srcSet="\/assets\/images\/shore-480\.[0-9a-f]{10}\.avif 480w, \/assets\/images\/shore-960\.[0-9a-f]{10}\.avif 960w"/,
    );
    expect(page).toContain('width="960" height="540" alt="Green hills under a pale sun and a blue sky"');
  },
  'page-bundles'({ files, text }) {
    const post = text('posts/first-light/index.html');
    // Relative paths resolve against the Markdown file's folder, in the body and in front matter.
    expect(post).toContain('<img class="cover" src="/posts/first-light/sketch.svg" width="320" height="160" alt=""/>');
    expect(post).toContain('<img src="/posts/first-light/sketch.svg" alt="A pencil sketch of the tide line" width="320" height="160">');
    expect(post).toContain('<a href="/posts/first-light/log.txt">field log</a>');
    expect(post).toContain('<a href="/posts/dusk">dusk</a>');
    expect(text('posts/dusk/index.html')).toContain('<a href="/posts/first-light/sketch.svg">the dawn sketch</a>');
    expect(files.has('posts/first-light/log.txt')).toBe(true);
  },
  'markdown-images'({ text }) {
    const page = text('index.html');
    const pictures = [...page.matchAll(/<picture>(.*?)<\/picture>/g)].map((m) => m[1]!);
    expect(pictures).toHaveLength(3);
    for (const picture of pictures) {
      expect(picture).toMatch(
        /^<source type="image\/avif" srcset="\/assets\/images\/shore-480\.[0-9a-f]{10}\.avif 480w, \/assets\/images\/shore-960\.[0-9a-f]{10}\.avif 960w" sizes="\(min-width: 960px\) 960px, 100vw"><source type="image\/webp"/,
      );
      expect(picture).toContain('width="960" height="540"');
    }
    expect(pictures[0]).not.toContain('loading=');
    expect(pictures.slice(1).every((picture) => picture.includes('loading="lazy" decoding="async"'))).toBe(true);
    expect(pictures[1]).toContain('alt="The same hills, written as raw HTML"');
    // Feeds: one variant, at an absolute URL.
    const rss = text('rss.xml');
    expect(rss).toMatch(
      /<img src="https:\/\/shoreline\.example\/assets\/images\/shore-960\.[0-9a-f]{10}\.png" alt="Green hills under a pale sun and a blue sky" width="960" height="540">/,
    );
    expect(rss).not.toContain('<picture');
  },
  'trailing-slash'({ files, text }) {
    expect([...files.keys()].filter((file) => file.endsWith('.html')).sort()).toEqual([
      '404.html',
      '404/index.html',
      'guides/plovers/index.html',
      'guides/terns/index.html',
      'index.html',
    ]);
    const terns = text('guides/terns/index.html');
    expect(terns).toContain('<link rel="canonical" href="https://shore-guides.example/guides/terns/"/>');
    expect(hrefsIn(terns, '<nav aria-label="Guides">', '</nav>')).toEqual(['/guides/plovers/', '/guides/terns/']);
    expect(terns).toContain('<a href="/guides/plovers/">the plovers</a>');
    expect(text('sitemap.xml')).toContain('<loc>https://shore-guides.example/guides/terns/</loc>');
  },
  async security({ text }) {
    const csp = /Content-Security-Policy: (.*)/.exec(text('_headers'))?.[1] ?? '';
    const hash = createHash('sha256').update('body{margin:0 auto;max-width:40rem}').digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("img-src 'self' https://images.example");
    // deploy.hosts: each host's header file says what _headers says (tests/integration/host-files.test.ts checks every path).
    expect(text('vercel.json')).toContain(JSON.stringify(csp));
    expect(text('_headers.nginx.conf')).toContain(`add_header Content-Security-Policy "${csp}" always;`);
    expect(text('_headers.Caddyfile')).toContain(`\tContent-Security-Policy "${csp}"`);
    // What a template must not do: a style attribute fails the build.
    const site = await loadSite(path.join(EXAMPLES, 'security'));
    const Styled = () => createElement('h1', { style: { color: 'red' } }, 'Styled');
    const styled = await buildSite({ ...site, templates: { page: { component: Styled, styles: [] } } }, 'security-styled');
    expect(codes(styled.result)).toEqual(['csp-blocked-inline']);
  },
  async drafts({ result, files, text }) {
    // Left out of a build, and counted; built and marked with drafts on.
    expect(result.drafts).toBe(1);
    expect(files.has('posts/next/index.html')).toBe(false);
    expect(hrefsIn(text('index.html'), '<ul class="posts">', '</ul>')).toEqual(['/posts/published']);
    for (const file of ['rss.xml', 'sitemap.xml']) expect(text(file)).not.toContain('/posts/next');
    const included = await buildSite(await loadSite(path.join(EXAMPLES, 'drafts')), 'drafts-included', { drafts: true });
    expect(hrefsIn(included.text('index.html'), '<ul class="posts">', '</ul>')).toEqual(['/posts/next', '/posts/published']);
    expect(included.text('posts/next/index.html')).toContain('<p data-draft-notice="" role="note">Draft: ');
  },
  pagination({ files, text }) {
    // Five posts, two to a page: page 1 at the list's own URL, never /blog/1.
    expect([...files.keys()].filter((file) => file.startsWith('blog/')).sort()).toEqual([
      'blog/2/index.html',
      'blog/3/index.html',
      'blog/index.html',
    ]);
    expect(hrefsIn(text('blog/index.html'), '<ul class="posts">', '</ul>')).toEqual(['/posts/post-5', '/posts/post-4']);
    expect(hrefsIn(text('blog/3/index.html'), '<ul class="posts">', '</ul>')).toEqual(['/posts/post-1']);
    expect(hrefsIn(text('blog/index.html'), '<nav aria-label="Pages">', '</nav>')).toEqual(['/blog/2']);
    expect(hrefsIn(text('blog/3/index.html'), '<nav aria-label="Pages">', '</nav>')).toEqual(['/blog/2']);
    expect(text('blog/2/index.html')).toContain('<link rel="canonical" href="https://paged.example/blog/2"/>');
    expect(text('sitemap.xml')).toContain('<loc>https://paged.example/blog/3</loc>');
  },
  'plain-markdown'({ result, files, text }) {
    // Title and description computed from the body of files without front matter; front matter wins.
    const tar = text('commands/tar/index.html');
    expect(tar).toContain('<title>tar</title>');
    expect(tar).toContain(
      '<meta name="description" content="Archiving utility. Often combined with a compression method, such as gzip."/>',
    );
    expect(text('commands/ls/index.html')).toContain(
      '<meta name="description" content="List the contents of a folder, hidden files included when asked."/>',
    );
    expect(hrefsIn(text('index.html'), '<ul class="commands">', '</ul>')).toEqual(['/commands/grep', '/commands/ls', '/commands/tar']);
    // The excluded file is never read (it would be a page, /commands/%25template); the dotfile is counted.
    expect(result.fileCount).toBe(5);
    expect(result.skipped).toEqual(['.notes.md']);
    expect([...files.keys()].filter((file) => file.includes('template') || file.includes('notes'))).toEqual([]);
  },
  redirects({ text }) {
    // The home page links to both old paths: the link check takes a redirect's source as a page.
    expect(text('_redirects')).toContain('\n/team /about/team 301\n/about-us.html /about 301\n');
    const moved = text('team/index.html');
    expect(moved).toContain('<meta http-equiv="refresh" content="0; url=/about/team">');
    expect(moved).toContain('<link rel="canonical" href="https://moved.example/about/team">');
    expect(text('about-us.html')).toContain('<a href="/about">/about</a>');
    expect(text('sitemap.xml')).not.toContain('moved.example/team<');
  },
  'documentation-site'({ text }) {
    // A component the page does not import, given by the site (markdown.mdx.components).
    expect(text('index.html')).toContain('<aside class="note note-tip">');
    expect(text('guide/code-blocks/index.html')).toContain('<figcaption class="code-title">src/App.js</figcaption>');
    expect(text('guide/images/index.html')).toContain('<picture><source type="image/avif"');
  },
  data({ files, text }) {
    // A page per item of the YAML list and per row of the CSV file, one for the TOML file; none of them published as it is.
    expect(text('team/ada/index.html')).toContain('<p class="role">Engineer</p><div><p>Ada joined in <strong>1843</strong>.');
    expect(text('products/kettle/index.html')).toContain('Launched in <a href="/posts/kettle">The kettle is here</a>.');
    expect(text('posts/kettle/index.html')).toContain('Launches <a href="/products/kettle">The Kettle</a>.');
    expect(text('contact/index.html')).toContain('<h1>Contact</h1>');
    expect(['team.yaml', 'products.csv', 'contact.toml'].filter((file) => files.has(file))).toEqual([]);
  },
  'data-sqlite'({ text }) {
    // A page per row of the database's table, its notes the Markdown body, and the list on the home page.
    expect(text('products/kettle/index.html')).toContain(
      '<h1>The Kettle</h1><p class="price">£<!-- -->39.50</p><div><p>Boils a litre in <strong>two minutes</strong>.</p></div>',
    );
    expect(text('index.html')).toContain('<li><a href="/products/teapot">The Teapot</a></li>');
  },
  'data-http'({ text }) {
    // A page per event the API serves, listed newest first.
    expect(text('events/spring-meetup/index.html')).toContain('<p class="date">2026-04-14</p><div><p>Doors open at <strong>six</strong>.');
    expect(text('index.html')).toContain('<li><a href="/events/summer-fair">Summer fair</a></li><li><a href="/events/spring-meetup">');
  },
  errors({ result, files }) {
    expect(codes(result)).toEqual(['broken-anchor', 'broken-link', 'invalid-date', 'invalid-value', 'style-removed', 'unknown-field']);
    expect(files.size).toBe(0);
  },
};

describe('the examples of the guide', () => {
  it('are all built by this test', () => {
    const folders = fs
      .readdirSync(EXAMPLES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(Object.keys(CHECKS).sort());
  });

  it.each(Object.keys(CHECKS))(
    '%s builds, and shows what it is about',
    async (name) => {
      const example = await built(name);
      if (name !== 'errors') expect(example.result.diagnostics).toEqual([]);
      await CHECKS[name]!(example);
    },
    120_000,
  );
});

/** A fenced block of the guide, with the attributes of its info string (```tsx file=docs/…). */
interface Block {
  doc: string;
  line: number;
  lang: string;
  attributes: Record<string, string>;
  body: string;
}

const docFiles = fs.readdirSync(DOCS).filter((file) => file.endsWith('.md'));
const docText = (file: string) => fs.readFileSync(path.join(DOCS, file), 'utf8');

function fencedBlocks(): Block[] {
  const blocks: Block[] = [];
  for (const doc of docFiles) {
    const lines = docText(doc).split('\n');
    for (let i = 0; i < lines.length; i++) {
      const open = /^```(\S*)(.*)$/.exec(lines[i]!);
      if (!open) continue;
      const end = lines.findIndex((line, j) => j > i && line === '```');
      if (end < 0) throw new Error(`${doc}:${i + 1}: a fenced block that never closes`);
      const attributes = Object.fromEntries([...open[2]!.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
      blocks.push({ doc, line: i + 1, lang: open[1]!, attributes, body: lines.slice(i + 1, end).join('\n') });
      i = end;
    }
  }
  return blocks;
}

const blocks = fencedBlocks();
const at = (block: Block) => `docs/${block.doc}:${block.line}`;

describe('the code in the guide', () => {
  const excerpts = blocks.filter((block) => block.attributes.file);
  it('quotes the examples', () => {
    expect(excerpts.length).toBeGreaterThan(30);
    // Every example is quoted somewhere.
    const quoted = new Set(excerpts.map((block) => block.attributes.file!.split('/')[2]));
    expect([...quoted].sort()).toEqual(Object.keys(CHECKS).sort());
  });

  it.each(excerpts.map((block) => [at(block), block] as const))('%s is in its file, word for word', (_, block) => {
    const file = path.resolve(block.attributes.file!);
    expect(file.startsWith(EXAMPLES + path.sep), `${block.attributes.file} is an example's file`).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toContain(block.body);
  });

  const pages = blocks.filter((block) => block.attributes.page);
  it.each(pages.map((block) => [at(block), block] as const))(
    '%s is what the example builds',
    async (_, block) => {
      const [, , name, ...rest] = block.attributes.page!.split('/');
      const { text } = await built(name!);
      expect(text(rest.join('/'))).toContain(block.body);
    },
    120_000,
  );

  const reports = blocks.filter((block) => block.attributes.cwd);
  it('quotes reports of the CLI', () => expect(reports.length).toBeGreaterThanOrEqual(2));
  it.each(reports.map((block) => [at(block), block] as const))(
    '%s is what the CLI prints',
    (_, block) => {
      const [command, ...expected] = block.body.split('\n');
      expect(command).toMatch(/^\$ site /);
      const cwd = path.resolve(block.attributes.cwd!);
      const run = spawnSync(process.execPath, [BIN, ...command!.slice('$ site '.length).split(' ')], { cwd, encoding: 'utf8' });
      // Absolute paths differ from machine to machine: the guide shows them as a user's folder.
      const printed = (run.stdout + run.stderr).replaceAll(cwd, `/home/you/${path.basename(cwd)}`).trimEnd();
      expect(printed).toBe(expected.join('\n'));
      expect(run.status).toBe(Number(block.attributes.exit ?? 0));
    },
    120_000,
  );
});

describe('the lists of the guide are complete', () => {
  /** The first cell of every table row, as `code`. */
  const firstCells = (doc: string) => [...docText(doc).matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!);

  it('errors.md explains every diagnostic code and lists every sentence of the catalogue, and no other', () => {
    const documented = firstCells('errors.md');
    expect(documented.length).toBe(new Set(documented).size);
    expect(documented.sort()).toEqual([...Object.keys(catalogue), ...Object.keys(sentences)].sort());
  });

  it('site-definition.md describes every field of defineSite', () => {
    expect(firstCells('site-definition.md').sort()).toEqual(Object.keys(siteSchema.shape).sort());
  });

  it('README.md names every export of the engine', () => {
    const index = fs.readFileSync('src/index.ts', 'utf8');
    const types = [...index.matchAll(/export (?:type )?\{([^}]+)\}/g)].flatMap((m) =>
      m[1]!.split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()),
    );
    const names = new Set([...types, ...Object.keys(engine)]);
    const guide = docText('README.md');
    expect(names.size).toBeGreaterThan(40);
    expect([...names].filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });

  it('cli.md describes every command and option', () => {
    const help = (...args: string[]) => {
      const run = spawnSync(process.execPath, [BIN, ...args, '--help'], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      return run.stdout;
    };
    const guide = docText('cli.md');
    const main = help();
    const commands = [...main.split('Commands:')[1]!.matchAll(/^ {2}(\w+)/gm)].map((m) => m[1]!).filter((name) => name !== 'help');
    expect(commands).toEqual(['init', 'build', 'og', 'serve', 'preview']);
    const missing: string[] = [];
    for (const [command, text] of [['', main], ...commands.map((command) => [command, help(command)])] as const) {
      if (command) expect(guide).toContain(`## \`site ${command}\``);
      for (const option of text.split('Commands:')[0]!.matchAll(/^ {2}((?:-\w, )?--[\w-]+)/gm)) {
        if (option[1] !== '-h, --help' && !guide.includes(`\`${option[1]}`)) missing.push(`${command || 'site'} ${option[1]}`);
      }
    }
    expect(missing).toEqual([]);
  }, 60_000);
});

describe('the links of the guide', () => {
  const anchors = (file: string) => {
    const slugger = new GithubSlugger();
    return new Set(
      [
        ...fs
          .readFileSync(file, 'utf8')
          .replace(/^```[\s\S]*?^```$/gm, '')
          .matchAll(/^#+ (.+)$/gm),
      ].map((m) => slugger.slug(m[1]!)),
    );
  };

  it.each(docFiles)('%s links to files and headings that exist', (doc) => {
    const text = docText(doc)
      .replace(/^```[\s\S]*?^```$/gm, '')
      .replace(/`[^`\n]*`/g, '');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((link) => !/^[a-z]+:/.test(link));
    expect(links.length).toBeGreaterThan(0);
    const broken = links.filter((link) => {
      const [target, anchor] = link.split('#');
      const file = target ? path.resolve(DOCS, target) : path.join(DOCS, doc);
      if (!fs.existsSync(file)) return true;
      return anchor !== undefined && !(file.endsWith('.md') && anchors(file).has(anchor));
    });
    expect(broken).toEqual([]);
  });

  it('the README points at the guide', () => {
    expect(fs.readFileSync('README.md', 'utf8')).toContain('[`docs/`](docs/README.md)');
  });
});
