import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createBundleSite, writeBundleContent } from '../fixtures/bundles/site.tsx';
import { makeImage } from '../fixtures/images/make-images.ts';
import { smallSiteWith } from '../helpers/fixture-site.ts';
import { spawnSync } from 'node:child_process';

/**
 * Issue 39, hole 4: a draft's page bundle (its image, a confidential text file, the image's
 * encoded variants) reached dist/ and _headers while the build said "1 draft left out".
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'security-drafts-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const SECRET = 'Merger with Northwind, not to be announced before March.\n';
/** The bundle fixture with its post `posts/hello/` made a draft, a confidential file beside it, and no published page naming it. */
const DRAFTED: Record<string, string | undefined> = {
  'index.md': '---\ntitle: Home\ndescription: The home page.\n---\nRead [the next post](posts/next).\n',
  'posts/next.md': '---\ntitle: Next\ndescription: The next post.\ncreatedDate: 2026-01-03\n---\nNothing about the draft.\n',
  'posts/hello/index.md': '---\ntitle: Hello\ndescription: A draft.\ndraft: true\ncover: ./diagram.png\n---\n![A diagram](./diagram.png)\n',
  'posts/hello/confidential.txt': SECRET,
  'posts/hello/notes.txt': undefined,
};

async function buildWith(name: string, changes: Record<string, string | undefined>, drafts?: boolean, copyImageTo?: string) {
  const content = await writeBundleContent(path.join(work, name), { ...DRAFTED, ...changes });
  if (copyImageTo) {
    fs.mkdirSync(path.dirname(path.join(content, copyImageTo)), { recursive: true });
    fs.copyFileSync(path.join(content, 'posts/hello/diagram.png'), path.join(content, copyImageTo));
  }
  const writer = memoryWriter();
  const result = await build(createBundleSite(content), writer, {
    threads: 0,
    cache: false,
    drafts,
    images: { cacheDir: path.join(work, 'image-cache') },
  });
  const text = (file: string) => new TextDecoder().decode(writer.files.get(file) ?? new Uint8Array());
  return { result, paths: [...writer.files.keys()], text };
}

/** The encoded variants of an image named diagram. */
const variantsOf = (paths: readonly string[]) => paths.filter((file) => /^assets\/images\/diagram-/.test(file));

describe("a draft's page bundle", () => {
  it('is left out whole: no page, no file of its folder, no image variant, no line in _headers, the sitemap or the feeds', async () => {
    const { result, paths, text } = await buildWith('left-out', {});
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.drafts).toBe(1);
    expect(paths.filter((file) => file.startsWith('posts/hello'))).toEqual([]);
    expect(variantsOf(paths)).toEqual([]);
    for (const file of ['_headers', 'sitemap.xml', 'rss.xml', 'atom.xml', 'index.html', 'posts/next/index.html']) {
      expect(text(file), file).not.toMatch(/posts\/hello|diagram|confidential/);
    }
    expect(paths.some((file) => text(file).includes('Merger with Northwind'))).toBe(false);
  });

  it('is built as the draft is with drafts (site build --drafts, site serve)', async () => {
    const { result, paths, text } = await buildWith('with-drafts', {}, true);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['posts/hello/index.html', 'posts/hello/diagram.png', 'posts/hello/confidential.txt']));
    expect(text('posts/hello/confidential.txt')).toBe(SECRET);
    expect(variantsOf(paths).length).toBeGreaterThan(0);
    expect(text('_headers')).toContain('/posts/hello/confidential.txt');
  });

  it('keeps the files of a published bundle inside the draft folder, and a variant a published image shares', async () => {
    const { paths } = await buildWith(
      'nested',
      {
        'posts/hello/appendix/index.md':
          '---\ntitle: Appendix\ndescription: Published.\n---\nSee [the table](./table.txt).\n\n![The diagram](/images/diagram.png)\n',
        'posts/hello/appendix/table.txt': 'A table.\n',
        'posts/hello/figures/plot.txt': 'The draft’s own, one folder down.\n',
      },
      false,
      // The same bytes under the same name elsewhere, shown by a published page: the same variant files, which that image still needs.
      'images/diagram.png',
    );
    expect(paths).toContain('images/diagram.png');
    expect(variantsOf(paths).length).toBeGreaterThan(0);
    expect(paths).toEqual(expect.arrayContaining(['posts/hello/appendix/index.html', 'posts/hello/appendix/table.txt']));
    expect(paths).not.toContain('posts/hello/figures/plot.txt');
    expect(paths).not.toContain('posts/hello/confidential.txt');
  });

  it('makes a link from a published page to one of its files a broken link whose hint names the draft', async () => {
    const { result, paths } = await buildWith('linked', {
      'posts/next.md':
        '---\ntitle: Next\ndescription: The next post.\ncreatedDate: 2026-01-03\n---\nSee [the file](/posts/hello/confidential.txt).\n',
    });
    expect(paths).toEqual([]);
    expect(result.diagnostics).toMatchObject([
      {
        code: 'broken-link',
        actual: '"/posts/hello/confidential.txt"',
        hint: expect.stringContaining('/posts/hello/confidential.txt is a file of the draft /posts/hello (draft: true)'),
      },
    ]);
  });
});

describe("a draft's page bundle on the firm's site", () => {
  /** The firm's templates over the small fixture's content with a draft bundle, built by the CLI. */
  async function buildFirm(...args: string[]) {
    const { root, content } = smallSiteWith();
    const bundle = path.join(content, 'notes/secret');
    fs.mkdirSync(bundle, { recursive: true });
    fs.writeFileSync(
      path.join(bundle, 'index.md'),
      '---\ntitle: "A secret note"\ndescription: "A description for this fixture page that is long enough to satisfy the schema."\ndraft: true\n---\n![The plan](./plan.png)\n',
    );
    fs.writeFileSync(path.join(bundle, 'plan.png'), await makeImage(640, 320, 'png'));
    fs.writeFileSync(path.join(bundle, 'confidential.txt'), SECRET);
    const out = path.join(root, 'dist');
    const run = spawnSync(process.execPath, [path.resolve('bin/site'), 'build', '--content', content, '--out', out, ...args], {
      encoding: 'utf8',
    });
    const all = run.status === 0 ? fs.readdirSync(out, { recursive: true }).map(String) : [];
    const read = (file: string) => (run.status === 0 ? fs.readFileSync(path.join(out, file), 'utf8') : '');
    const named = { headers: read('_headers'), sitemap: read('sitemap.xml'), ogImages: read('dev/ogImages/index.html') };
    fs.rmSync(root, { recursive: true, force: true });
    return { run, all, named };
  }

  it('is in no file of dist/, not in _headers, the sitemap or /dev/ogImages; with --drafts it is built and listed', async () => {
    const { run, all, named } = await buildFirm();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 draft left out');
    expect(all.filter((file) => /notes|plan/.test(file))).toEqual([]);
    for (const text of Object.values(named)) expect(text).not.toMatch(/notes\/secret|plan-|confidential/);
    expect(named.ogImages).toContain('<code>/privacy-policy</code>');
    const drafts = await buildFirm('--drafts');
    expect(drafts.run.status, drafts.run.stderr).toBe(0);
    expect(drafts.all).toEqual(expect.arrayContaining(['notes/secret/confidential.txt', 'notes/secret/plan.png', 'og/notes/secret.png']));
    expect(drafts.all.some((file) => /^assets\/images\/plan-/.test(file))).toBe(true);
    expect(drafts.named.ogImages).toContain('<code>/notes/secret</code>');
    expect(drafts.named.headers).toContain('/notes/secret/confidential.txt');
  }, 90_000);
});
