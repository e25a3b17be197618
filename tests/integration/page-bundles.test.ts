import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createBundleSite, writeBundleContent } from '../fixtures/bundles/site.tsx';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bundles-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Builds the fixture with some files changed, in memory. */
async function buildWith(name: string, changes: Record<string, string | undefined> = {}) {
  const content = await writeBundleContent(path.join(work, name), changes);
  const writer = memoryWriter();
  const result = await build(createBundleSite(content), writer, { threads: 0, images: { cacheDir: path.join(work, 'cache') } });
  const text = (file: string) => new TextDecoder().decode(writer.files.get(file) ?? new Uint8Array());
  return { result, files: writer.files, text, content };
}

const good = await buildWith('good');
const post = good.text('posts/hello/index.html');
/** The start tags of the post's body (the template's cover comes before it). */
const body = post.slice(post.indexOf('The diagram, drawn'));
const imgs = [...body.matchAll(/<img [^>]*>/g)].map((match) => match[0]);

describe('page bundles', () => {
  it('builds a post kept in a folder with its files, with no errors', () => {
    expect(good.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(good.files.has('posts/hello/index.html')).toBe(true);
    expect(good.files.has('posts/hello/notes.txt')).toBe(true);
  });

  it("resolves relative links against the Markdown file's folder, not the page's URL", () => {
    expect(post).toContain('<a href="/posts/hello/notes.txt">notes</a>');
    expect(post).toContain('<a href="/posts/next">the next post</a>');
    // A post that is a plain file resolves from its folder too: posts/next.md sits in posts/.
    const next = good.text('posts/next/index.html');
    expect(next).toContain('<a href="/posts/hello">hello</a>');
    expect(next).toMatch(/<a href="\/posts\/hello\/diagram.png">the diagram<\/a>/);
    expect(good.text('index.html')).toContain('<a href="/posts/hello">the first post</a>');
  });

  it("resolves a relative path in a front-matter asset() field against the file's folder", () => {
    expect(good.result.catalogue.byPath('/posts/hello')?.data).toMatchObject({ cover: '/posts/hello/diagram.png' });
    expect(post).toMatch(/<img class="cover" src="\/assets\/images\/diagram-400\.[0-9a-f]{10}\.png" width="400" height="200"/);
  });

  it('names what a relative link resolved to, and suggests the nearest file as the author wrote it', async () => {
    const broken = await buildWith('broken-link', {
      'posts/hello/index.md': '---\ntitle: Hello\ndescription: A post.\n---\nSee ![A diagram](./diagramm.png).\n',
    });
    const problem = broken.result.diagnostics.find((d) => d.code === 'broken-link');
    expect(problem).toMatchObject({
      file: path.join(broken.content, 'posts/hello/index.md'),
      line: 5,
      actual: '"./diagramm.png", which resolves to /posts/hello/diagramm.png',
      hint: 'did you mean "./diagram.png" (/posts/hello/diagram.png)?',
    });
  });

  it('suggests the file of the same name in another folder (an image beside another post)', async () => {
    const broken = await buildWith('elsewhere', {
      'posts/next.md': '---\ntitle: Next\ndescription: The next post.\n---\n![A diagram](./diagram.png)\n',
    });
    expect(broken.result.diagnostics.find((d) => d.code === 'broken-link')).toMatchObject({
      actual: '"./diagram.png", which resolves to /posts/diagram.png',
      hint: 'did you mean "./hello/diagram.png" (/posts/hello/diagram.png)?',
    });
  });

  it('names what a relative front-matter path resolved to, with the nearest file', async () => {
    const broken = await buildWith('broken-field', {
      'posts/hello/index.md': '---\ntitle: Hello\ndescription: A post.\ncover: ./diagrma.png\n---\nText.\n',
    });
    expect(broken.result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'missing-image',
        line: 4,
        field: 'cover',
        message: 'names a file that does not exist: it resolves to /posts/hello/diagrma.png',
        hint: 'did you mean "./diagram.png"?',
      }),
    );
  });
});

describe('images in Markdown', () => {
  it('draws each image of the site in the body as a responsive picture, with its intrinsic size', () => {
    expect(body.match(/<picture>/g)).toHaveLength(3);
    expect(body).toMatch(
      /<source type="image\/avif" srcset="\/assets\/images\/diagram-200\.[0-9a-f]{10}\.avif 200w, \/assets\/images\/diagram-400\.[0-9a-f]{10}\.avif 400w" sizes="\(min-width: 400px\) 400px, 100vw">/,
    );
    expect(body).toMatch(/<source type="image\/webp" srcset="[^"]*diagram-200[^"]*\.webp 200w/);
    for (const img of imgs) {
      expect(img).toMatch(/ src="\/assets\/images\/diagram-400\.[0-9a-f]{10}\.png"/);
      expect(img).toContain('width="400" height="200"');
      expect(img).toMatch(/ srcset="\/assets\/images\/diagram-200\.[0-9a-f]{10}\.png 200w, /);
    }
    expect(imgs[0]).toContain('alt="A diagram of the pipeline"');
  });

  it('loads lazily and decodes off the main path every image but the first', () => {
    expect(imgs).toHaveLength(3);
    expect(imgs[0]).not.toContain('loading=');
    expect(imgs[0]).not.toContain('decoding=');
    for (const img of imgs.slice(1)) expect(img).toContain('loading="lazy" decoding="async"');
  });

  it('warns about an image without alt text at its line, but not about raw HTML marked decorative with alt=""', async () => {
    const file = 'posts/hello/index.md';
    const built = await buildWith('no-alt', {
      [file]:
        '---\ntitle: Hello\ndescription: A post.\n---\nText.\n\n![](./diagram.png)\n\n<img src="./diagram.png">\n\n<img src="./diagram.png" alt="">\n\n![ ](diagram.png)\n',
    });
    const warnings = built.result.diagnostics.filter((d) => d.code === 'missing-alt');
    expect(warnings).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: path.join(built.content, file),
        line: 7,
        field: 'image',
        actual: '"./diagram.png"',
      }),
      expect.objectContaining({
        severity: 'warning',
        file: path.join(built.content, file),
        line: 9,
        field: '<img>',
        actual: '"./diagram.png"',
      }),
      expect.objectContaining({
        severity: 'warning',
        file: path.join(built.content, file),
        line: 13,
        field: 'image',
        actual: '"diagram.png"',
      }),
    ]);
    // A warning leaves the page built.
    expect(built.files.has('posts/hello/index.html')).toBe(true);
    expect(good.result.diagnostics.filter((d) => d.code === 'missing-alt')).toEqual([]);
  });

  it('gives feeds one variant of each image, at an absolute URL, and no <picture>', () => {
    const rss = good.text('rss.xml');
    const atom = good.text('atom.xml');
    expect(rss).not.toContain('<picture');
    expect(atom).not.toContain('&lt;picture');
    expect(rss).toMatch(
      /<img src="https:\/\/bundles\.example\/assets\/images\/diagram-400\.[0-9a-f]{10}\.png" alt="A diagram of the pipeline" width="400" height="200">/,
    );
    expect(rss).not.toContain('srcset');
    expect(rss).toContain('<a href="https://bundles.example/posts/hello/notes.txt">notes</a>');
  });
});
