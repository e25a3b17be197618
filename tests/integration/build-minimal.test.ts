import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';

const writer = memoryWriter();
const result = await build(createMinimalSite(), writer);
const page = (path: string) => new TextDecoder().decode(writer.files.get(path));

describe('building the minimal fixture in memory', () => {
  it('succeeds with no diagnostics', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('writes one clean-URL page per entry, plus 404.html', () => {
    const pages = [...writer.files.keys()].filter((p) => p.endsWith('.html')).sort();
    expect(pages).toEqual([
      '404.html',
      'index.html',
      'missing/index.html',
      'posts/first/index.html',
      'posts/index.html',
      'posts/second/index.html',
      'posts/secret/index.html',
      'posts/unsorted/index.html',
    ]);
  });

  it('renders full documents: lang, title, description, canonical, one h1', () => {
    const html = page('posts/first/index.html');
    expect(html.startsWith('<!DOCTYPE html><html lang="en-US">')).toBe(true);
    expect(html).toContain('<title>First post</title>');
    expect(html).toContain('<meta name="description" content="The first one."/>');
    expect(html).toContain('<link rel="canonical" href="https://minimal.example/posts/first"/>');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('marks hidden pages and the 404 page noindex, and leaves hidden entries out of lists', () => {
    expect(page('posts/secret/index.html')).toContain('<meta name="robots" content="noindex"/>');
    expect(page('404.html')).toContain('<meta name="robots" content="noindex"/>');
    expect(page('index.html')).not.toContain('noindex');
    const nav = /<nav>(.*?)<\/nav>/.exec(page('index.html'))![1];
    expect([...nav!.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/posts/second', '/posts/first', '/posts/unsorted']);
  });

  it('sanitizes raw HTML, adds heading ids and makes external links safe', () => {
    const html = page('index.html');
    // Scripts and event handlers fail the build (tests/integration/unsafe-content.test.ts); the rest of raw HTML is sanitized.
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('position:fixed');
    expect(html).toContain('<p>Raw HTML is sanitized.</p>');
    expect(html).toContain('<h2 id="a-section">A section</h2>');
    const external = /<a href="https:\/\/example.org"[^>]*>/.exec(html)?.[0] ?? '';
    expect(external).toContain('target="_blank"');
    expect(external).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<a href="/posts/first">the first post</a>');
    expect(html).toContain('<table>');
  });

  it('renders islands on the server with their props as JSON data', () => {
    expect(page('index.html')).toContain(
      '<div data-island="Counter" data-props="{&quot;start&quot;:3}"><button type="button">Count <!-- -->3</button></div>',
    );
  });

  it('links content-hashed CSS and JS that exist in the output', () => {
    const html = page('index.html');
    const css = /href="\/(assets\/main-[A-Z0-9]+\.css)"/.exec(html)?.[1];
    // The client entry, named by the bootstrap that fetches it once the page has loaded.
    const js = /<script type="module" data-entry="\/(assets\/client-[A-Z0-9]+\.js)">/.exec(html)?.[1];
    expect(css && writer.files.has(css)).toBe(true);
    expect(js && writer.files.has(js)).toBe(true);
    const chunks = [...writer.files.keys()].filter((p) => p.startsWith('assets/') && p.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('copies images from the content folder', () => {
    expect(writer.files.has('images/dot.svg')).toBe(true);
  });

  it('writes a sitemap of the visible pages and a robots.txt naming it, with no social images unless the site asks', () => {
    const sitemap = page('sitemap.xml');
    expect(sitemap).toContain('<loc>https://minimal.example/posts/first</loc>');
    expect(sitemap).not.toContain('/posts/secret');
    expect(page('robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://minimal.example/sitemap.xml\n');
    const html = page('posts/first/index.html');
    expect(html).toContain('<meta property="og:url" content="https://minimal.example/posts/first"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).not.toContain('og:image');
    expect(result.og).toEqual({ drawn: 0, reused: 0 });
  });

  it('is deterministic: two builds give identical bytes', async () => {
    const again = memoryWriter();
    await build(createMinimalSite(), again);
    expect([...again.files.keys()].sort()).toEqual([...writer.files.keys()].sort());
    for (const [path, bytes] of writer.files) expect(Buffer.compare(Buffer.from(bytes), Buffer.from(again.files.get(path)!)), path).toBe(0);
  });
});
