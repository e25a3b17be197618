import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createElement } from 'react';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { readContent } from '../../src/content/read.ts';
import { encodeNamedImages, locateImageProblems, prepareImages, type ImageBuildOptions } from '../../src/images/prepare.ts';
import { variantCache, variantCacheOf } from '../../src/runner/caches/image-cache.ts';
import { createBuilder } from '../../src/serve/builder.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import { diskWriter, memoryWriter } from '../../src/output/write.ts';
import { loadSite, withContent } from '../../src/site/load.ts';
import { createSite } from '../../templates/site.ts';
import { makeImage } from '../fixtures/images/make-images.ts';
import { RASTERS, lineOf, writeRasterContent } from '../fixtures/images/raster-site.ts';
import { startTags } from '../fixtures/images/start-tags.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-images-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
// Small widths keep the encoding quick; the defaults are tested in images-options.
const WIDTHS = [200, 400, 800];
// Social images have nothing to do with this stage and are slow to draw, so these builds leave them out.
const siteOf = (content: string): SiteDefinition => ({ ...createSite(content), og: undefined, images: { widths: WIDTHS } });
const freshContent = async (name: string) => writeRasterContent(path.join(work, name));
const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
/** The image stage with every pending image encoded, as if every page named every image. */
const encodedAll = async (site: SiteDefinition, options: ImageBuildOptions) => {
  const cache = variantCacheOf(site, options);
  return encodeNamedImages(await prepareImages(site, cache), () => true, cache, site);
};

const content = await freshContent('content');
const site = siteOf(content);
const cacheDir = path.join(work, 'image-cache');
const writer = memoryWriter();
const first = await build(site, writer, { images: { cacheDir } });
const output = new Map(writer.files);
const html = (outPath: string) => decode(output.get(outPath));

describe('responsive images of a site with raster images', () => {
  it('builds with no diagnostics, encoding each raster image once', () => {
    expect(first.diagnostics).toEqual([]);
    expect(first.images).toEqual({ encoded: 2, reused: 0 });
  });

  it('publishes AVIF, WebP and fallback variants at each width up to the source’s, named by a hash of their bytes', async () => {
    const variants = [...output.keys()].filter((file) => file.startsWith('assets/images/')).sort();
    const expected = [
      ...[200, 400, 800].flatMap((width) => ['avif', 'webp', 'jpg'].map((ext) => `photo-${width}.${ext}`)),
      ...[200, 400, 480].flatMap((width) => ['avif', 'webp', 'png'].map((ext) => `portrait-${width}.${ext}`)),
    ].sort();
    expect(variants.map((file) => path.basename(file).replace(/\.[0-9a-f]{10}\./, '.')).sort()).toEqual(expected);
    for (const file of variants) {
      const bytes = output.get(file)!;
      const [, stem, width, hash, ext] = /^assets\/images\/(\w+)-(\d+)\.([0-9a-f]{10})\.(\w+)$/.exec(file)!;
      expect(hash, file).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 10));
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.width], file).toEqual([
        { avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png' }[ext!],
        Number(width),
      ]);
      expect(stem).toMatch(/^(photo|portrait)$/);
    }
  });

  it('draws the article cover as a <picture> whose every srcset entry exists at the width it claims', async () => {
    const page = html('blogs/first-post/index.html');
    const picture = /<picture>(.*?)<\/picture>/.exec(page)?.[1];
    expect(picture).toBeDefined();
    const [avif, webp, img] = startTags(picture!, ['source', 'img']);
    expect([avif!.attributes.type, webp!.attributes.type, img!.name]).toEqual(['image/avif', 'image/webp', 'img']);
    expect(img!.attributes).toMatchObject({
      width: '800',
      height: '450',
      loading: 'eager',
      fetchPriority: 'high',
      'data-fallback': '/images/error.svg',
    });
    expect(img!.attributes.src).toMatch(/^\/assets\/images\/photo-800\.[0-9a-f]{10}\.jpg$/);
    for (const tag of [avif!, webp!, img!]) {
      expect(tag.attributes.sizes, tag.name).toBeTruthy();
      const candidates = tag.attributes.srcSet!.split(', ').map((candidate) => candidate.split(' '));
      expect(candidates.map(([, descriptor]) => descriptor)).toEqual(['200w', '400w', '800w']);
      for (const [url, descriptor] of candidates) {
        const bytes = output.get(url!.slice(1));
        expect(bytes, url).toBeDefined();
        expect(`${(await sharp(bytes!).metadata()).width}w`).toBe(descriptor);
      }
    }
  });

  it('draws list cards lazily and the portrait in the transparent PNG’s own formats', () => {
    const cards = startTags(html('projects/index.html'), ['img']).filter((tag) => tag.attributes.class === 'card-image');
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.attributes.loading).toBe('lazy');
    const portrait = startTags(html('about/team/ada-lovelace/index.html'), ['img']).find((tag) => tag.attributes.class === 'bio-portrait');
    expect(portrait?.attributes.src).toMatch(/^\/assets\/images\/portrait-480\.[0-9a-f]{10}\.png$/);
    expect([portrait?.attributes.width, portrait?.attributes.height]).toEqual(['480', '480']);
  });

  it('gives every <img> of every page a width and a height, so nothing shifts as images load', () => {
    const pages = [...output.keys()].filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      for (const img of startTags(html(file), ['img'])) {
        expect(Number(img.attributes.width), `${file}: ${img.attributes.src}`).toBeGreaterThan(0);
        expect(Number(img.attributes.height), `${file}: ${img.attributes.src}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('images no page uses', () => {
  it('publish their own file but none of their variants, in a first build and in one that carries every page over', async () => {
    const unusedContent = await freshContent('content-unused');
    // Named by no page, no front matter, no feed: the file a link from another site may still name.
    fs.writeFileSync(
      path.join(unusedContent, 'images/unused.png'),
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
    );
    // Loaded as `site build` loads it: only a site with its code known carries pages over.
    const unusedSite = { ...withContent(await loadSite(path.resolve('.')), unusedContent), og: undefined, images: { widths: WIDTHS } };
    const out = path.join(work, 'dist-unused');
    const options = { images: { cacheDir: path.join(work, 'image-cache-unused') }, cache: { dir: path.join(work, 'build-cache-unused') } };
    const variantsIn = (dir: string) =>
      fs.readdirSync(path.join(dir, 'assets/images')).map((file) => file.replace(/-\d+\.[0-9a-f]{10}\.\w+$/, ''));
    for (const pass of ['first', 'carried']) {
      const result = await build(unusedSite, diskWriter(out), options);
      expect(result.diagnostics, pass).toEqual([]);
      if (pass === 'carried') expect(result.pages?.rendered, pass).toBe(0);
      expect(new Set(variantsIn(out)), pass).toEqual(new Set(['photo', 'portrait']));
      expect(fs.existsSync(path.join(out, 'images/unused.png')), pass).toBe(true);
    }
  });
});

describe('images encoded only once some page uses them', () => {
  const unusedPng = () =>
    sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
  const variantFiles = (files: Iterable<string>) => [...files].filter((file) => file.startsWith('assets/images/'));

  it('encodes none of the variants of an image no page uses, and all of one a page starts using on a rebuild', async () => {
    const dir = await freshContent('content-lazy');
    fs.writeFileSync(path.join(dir, 'images/unused.png'), await unusedPng());
    const lazySite = siteOf(dir);
    const lazyCache = path.join(work, 'image-cache-lazy');
    const out = memoryWriter();
    const first = await build(lazySite, out, { images: { cacheDir: lazyCache } });
    expect(first.diagnostics).toEqual([]);
    // One cache folder per encoded image: the photo and the portrait, not the unused picture.
    expect(first.images).toEqual({ encoded: 2, reused: 0 });
    expect(fs.readdirSync(lazyCache)).toHaveLength(2);
    expect(variantFiles(out.files.keys()).some((file) => file.includes('unused'))).toBe(false);

    const post = path.join(dir, 'blogs/second-post.md');
    fs.appendFileSync(post, '\n\n![A green field](/images/unused.png)\n');
    const second = await build(lazySite, out, { images: { cacheDir: lazyCache } });
    expect(second.diagnostics).toEqual([]);
    expect(second.images).toEqual({ encoded: 1, reused: 2 });
    expect(fs.readdirSync(lazyCache)).toHaveLength(3);
    const published = variantFiles(out.files.keys()).filter((file) => file.includes('unused'));
    expect(published).toHaveLength(WIDTHS.length * 3);
    // The page names the published variants, never the planned URLs it was first rendered with.
    const page = [...out.files].find(([file, bytes]) => file.endsWith('.html') && decode(bytes).includes('unused-'))!;
    for (const file of published) expect(decode(page[1])).toContain(`/${file}`);
    for (const [, bytes] of out.files) expect(decode(bytes)).not.toContain('/assets/images/unencoded/');
  });

  it('encodes an image a page starts using under a long-lived builder (site serve), once', async () => {
    const dir = await freshContent('content-lazy-serve');
    fs.writeFileSync(path.join(dir, 'images/unused.png'), await unusedPng());
    const builder = createBuilder(siteOf(dir), memoryWriter(), { images: { cacheDir: path.join(work, 'image-cache-lazy-serve') } });
    expect((await builder.rebuild()).images).toEqual({ encoded: 2, reused: 0 });
    fs.appendFileSync(path.join(dir, 'blogs/second-post.md'), '\n\n![A green field](/images/unused.png)\n');
    const using = await builder.rebuild();
    expect(using.diagnostics).toEqual([]);
    expect(using.images).toMatchObject({ encoded: 1 });
    expect(using.files?.filter((file) => file.path.startsWith('assets/images/unused-'))).toHaveLength(WIDTHS.length * 3);
    // Planned again from the cache: nothing encoded twice.
    expect((await builder.rebuild()).images).toMatchObject({ encoded: 0 });
  });

  it('renders no more pages again for an edit that names a new image than for the same edit without one (site serve)', async () => {
    const dir = await freshContent('content-lazy-serve-pages');
    fs.writeFileSync(path.join(dir, 'images/unused.png'), await unusedPng());
    const builder = createBuilder(siteOf(dir), memoryWriter(), { images: { cacheDir: path.join(work, 'image-cache-lazy-serve-pages') } });
    const first = await builder.rebuild();
    expect(first.diagnostics).toEqual([]);
    const post = path.join(dir, 'blogs/second-post.md');
    fs.appendFileSync(post, '\n\nA sentence more.\n');
    const plain = await builder.rebuild();
    fs.appendFileSync(post, '\n\n![A green field](/images/unused.png)\n');
    const withImage = await builder.rebuild();
    expect(withImage.diagnostics).toEqual([]);
    expect(withImage.images).toMatchObject({ encoded: 1 });
    expect(plain.pages!.rendered).toBeLessThan(first.pages!.rendered / 2);
    expect(withImage.pages!.rendered).toBe(plain.pages!.rendered);
  });
});

describe('a build whose image cache was emptied', () => {
  it('renders again the pages that draw an image, and publishes every variant a page names', async () => {
    const dir = await freshContent('content-emptied-cache');
    const emptiedSite = { ...withContent(await loadSite(path.resolve('.')), dir), og: undefined, images: { widths: WIDTHS } };
    const out = path.join(work, 'dist-emptied');
    const imageCache = path.join(work, 'image-cache-emptied');
    const options = { images: { cacheDir: imageCache }, cache: { dir: path.join(work, 'build-cache-emptied') } };
    expect((await build(emptiedSite, diskWriter(out), options)).diagnostics).toEqual([]);
    fs.rmSync(imageCache, { recursive: true });
    const again = await build(emptiedSite, diskWriter(out), options);
    expect(again.diagnostics).toEqual([]);
    expect(again.images).toMatchObject({ encoded: 2 });
    const pages = fs.globSync('**/*.html', { cwd: out });
    const named = pages.flatMap((page) => [...fs.readFileSync(path.join(out, page), 'utf8').matchAll(/\/assets\/images\/[^"'\s,&<>]+/g)]);
    expect(named.length).toBeGreaterThan(0);
    for (const [url] of named) expect(fs.existsSync(path.join(out, url)), url).toBe(true);
  });
});

describe('an image only a feed names', () => {
  it('is encoded and published, so the feed never links to a variant that was not made', async () => {
    const dir = await freshContent('content-feed-only');
    fs.writeFileSync(path.join(dir, 'images/chart.png'), await makeImage(600, 400, 'png', { alpha: false }));
    fs.appendFileSync(path.join(dir, 'blogs/first-post.md'), '\n\n![A chart only the feed shows](/images/chart.png)\n');
    const feedSite = siteOf(dir);
    // The article's page draws its title only: its body, and the chart in it, are the feed's alone.
    const titleOnly = ({ entry }: { entry: { data: { title: string } } }) => createElement('h1', null, entry.data.title);
    const templates = { ...feedSite.templates, 'blog-post': { ...feedSite.templates['blog-post']!, component: titleOnly } };
    const out = memoryWriter();
    const result = await build({ ...feedSite, templates } as SiteDefinition, out, {
      images: { cacheDir: path.join(work, 'image-cache-feed') },
    });
    expect(result.diagnostics).toEqual([]);
    const feed = decode(out.files.get('blogs/rss.xml'));
    const named = [...feed.matchAll(/\/assets\/images\/[^"'\s&<>]+/g)].map((match) => match[0]);
    expect(named.some((url) => url.includes('chart-'))).toBe(true);
    for (const url of named) expect(out.files.has(url.slice(1)), url).toBe(true);
    expect(feed).not.toContain('/assets/images/unencoded/');
  });
});

describe('the variant cache', () => {
  it('never encodes an unchanged image again: a second build reuses both, writes the same bytes and leaves the cache untouched', async () => {
    const stamps = () => fs.readdirSync(cacheDir).map((key) => [key, fs.statSync(path.join(cacheDir, key)).mtimeMs]);
    const before = stamps();
    expect(before).toHaveLength(2);
    const again = memoryWriter();
    const second = await build(site, again, { images: { cacheDir } });
    expect(second.images).toEqual({ encoded: 0, reused: 2 });
    const variants = (files: Map<string, Uint8Array>) =>
      [...files]
        .filter(([file]) => file.startsWith('assets/images/'))
        .map(([file, bytes]) => [file, createHash('sha256').update(bytes).digest('hex')]);
    expect(variants(again.files)).toEqual(variants(output));
    expect(stamps()).toEqual(before);
  });

  it('encodes again what changed: new bytes for one image, then new options for all', async () => {
    const changed = await freshContent('content-changed');
    fs.writeFileSync(path.join(changed, 'images/photo.jpg'), await sharp(path.join(changed, 'images/photo.jpg')).flop().jpeg().toBuffer());
    expect((await encodedAll(siteOf(changed), { cacheDir })).encoded).toBe(1);
    const otherQuality = { ...siteOf(changed), images: { widths: WIDTHS, quality: { avif: 40 } } };
    expect(await encodedAll(otherQuality, { cacheDir })).toMatchObject({ encoded: 2, reused: 0 });
  });

  it('survives two builds encoding the same images at once into one cold cache', async () => {
    const shared = path.join(work, 'shared-cache');
    const [a, b] = await Promise.all([encodedAll(site, { cacheDir: shared }), encodedAll(site, { cacheDir: shared })]);
    expect(a.diagnostics).toEqual([]);
    expect(a.manifest).toEqual(b.manifest);
    // Plain data: a worker thread rendering pages can receive it by postMessage or JSON.
    expect(structuredClone(a.manifest)).toEqual(a.manifest);
    expect(JSON.parse(JSON.stringify(a.manifest))).toEqual(a.manifest);
    // One folder per image, and no temporary folder left behind by the build that lost the race.
    expect(fs.readdirSync(shared)).toHaveLength(2);
    expect(fs.readdirSync(shared).every((key) => /^[\w-]{20}$/.test(key))).toBe(true);
    const later = await prepareImages(site, variantCache(shared));
    expect(later).toMatchObject({ encoded: 0, reused: 2, manifest: a.manifest });
  });
});

describe('images that cannot be used', () => {
  it('reports a corrupt image on every front-matter field naming it (file, line, field) and writes nothing', async () => {
    const broken = await freshContent('content-corrupt');
    const photo = path.join(broken, 'images/photo.jpg');
    fs.writeFileSync(photo, fs.readFileSync(photo).subarray(0, 700));
    const writer = memoryWriter();
    const result = await build(siteOf(broken), writer, { images: { cacheDir } });
    const located = result.diagnostics.map(({ code, severity, file, line, field }) => ({ code, severity, file, line, field }));
    expect(located).toEqual(
      RASTERS['/images/photo.jpg'].usedBy.map((relative) => {
        const file = path.join(broken, relative);
        return { code: 'invalid-image', severity: 'error', file, line: lineOf(file, 'image'), field: 'image.path' };
      }),
    );
    expect(result.diagnostics[0]).toMatchObject({
      actual: expect.stringMatching(/^"\/images\/photo\.jpg" \(.*premature end of JPEG/),
      hint: expect.stringContaining('photo.jpg'),
    });
    expect(result.files).toBeUndefined();
    expect(writer.files.size).toBe(0);
  });

  it('reports a file that is no image at all, and an SVG without a size, the same way', async () => {
    const broken = await freshContent('content-not-images');
    fs.writeFileSync(path.join(broken, 'images/portrait.png'), '<html>a saved web page</html>');
    fs.writeFileSync(path.join(broken, 'images/pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>');
    const { catalogue } = await readContent(siteOf(broken));
    const { diagnostics, manifest } = await locateImageProblems(await prepareImages(siteOf(broken), variantCache(cacheDir)), catalogue);
    const team = path.join(broken, 'about/team/ada-lovelace.md');
    expect(diagnostics.find((d) => d.file === team)).toMatchObject({
      severity: 'error',
      line: lineOf(team, 'image'),
      field: 'image.path',
      actual: expect.stringContaining('unsupported image format'),
    });
    const svgUsers = diagnostics.filter((d) => d.actual?.startsWith('"/images/pic.svg"'));
    expect(svgUsers.length).toBeGreaterThan(0);
    for (const d of svgUsers)
      expect(d).toMatchObject({
        severity: 'error',
        expected: expect.stringContaining('viewBox'),
        line: expect.any(Number),
        field: expect.any(String),
      });
    expect(manifest['/images/pic.svg']).toBeUndefined();
    expect(manifest['/images/portrait.png']).toBeUndefined();
  });

  it('fails on a broken image no page names, at the image file, and writes nothing', async () => {
    const extra = await freshContent('content-unused');
    const unused = path.join(extra, 'images/unused.png');
    fs.writeFileSync(unused, 'not a png');
    const writer = memoryWriter();
    const result = await build(siteOf(extra), writer, { images: { cacheDir } });
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-image', severity: 'error', file: unused })]);
    expect(result.diagnostics[0]).not.toHaveProperty('line');
    expect(result.files).toBeUndefined();
    expect(writer.files.size).toBe(0);
  });

  it('fails on an image too large to decode, or garbage named .png, at each body line that names it', async () => {
    const extra = await freshContent('content-body-images');
    // A PNG header claiming 30,000 × 30,000 pixels: past the decoder's limit, so it is never decoded.
    fs.writeFileSync(path.join(extra, 'images/huge.png'), pngHeader(30_000, 30_000));
    fs.writeFileSync(path.join(extra, 'images/garbage.png'), 'garbage bytes, not a picture');
    const post = path.join(extra, 'blogs/second-post.md');
    const text = fs.readFileSync(post, 'utf8');
    fs.writeFileSync(post, `${text.trimEnd()}\n\n![A huge picture](/images/huge.png)\n\nText.\n\n<img src="/images/garbage.png" alt="">\n`);
    const lines = fs.readFileSync(post, 'utf8').split('\n');
    const writer = memoryWriter();
    const result = await build(siteOf(extra), writer, { images: { cacheDir } });
    expect(result.diagnostics.map(({ code, severity, file, line, field }) => ({ code, severity, file, line, field }))).toEqual([
      {
        code: 'invalid-image',
        severity: 'error',
        file: post,
        line: lines.findIndex((l) => l.includes('/images/garbage.png')) + 1,
        field: 'body',
      },
      {
        code: 'invalid-image',
        severity: 'error',
        file: post,
        line: lines.findIndex((l) => l.includes('/images/huge.png')) + 1,
        field: 'body',
      },
    ]);
    expect(result.diagnostics[1]!.actual).toMatch(/^"\/images\/huge\.png" \(.*pixel limit/);
    expect(writer.files.size).toBe(0);
  });
});

/** The signature and header chunk of a PNG of this size, and its end: enough to be measured, never decoded. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('site build --content', () => {
  it('measures images in the content folder it was given, not the project’s', () => {
    const other = path.join(work, 'content-cli');
    fs.cpSync(path.resolve('tests/fixtures/small-site/content'), other, { recursive: true });
    // The project's own content has no /images/pic.svg, so only this folder can give 333 × 111.
    fs.writeFileSync(
      path.join(other, 'images/pic.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 333 111"><rect width="333" height="111"/></svg>',
    );
    const out = path.join(work, 'dist-cli');
    const run = spawnSync(path.resolve('bin/site'), ['build', '--content', other, '--out', out], { encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const card = startTags(fs.readFileSync(path.join(out, 'projects/index.html'), 'utf8'), ['img']).find(
      (tag) => tag.attributes.src === '/images/pic.svg',
    );
    expect([card?.attributes.width, card?.attributes.height]).toEqual(['333', '111']);
  });
});
