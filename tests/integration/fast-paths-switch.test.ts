import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { FAST_PATHS_VARIABLE, fastPathsOn } from '../../src/core/fast-paths.ts';
import { proseReaderPath } from '../../src/render/markdown.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { codeFingerprint } from '../../src/runner/reuse/fingerprint.ts';
import { requestKey } from '../../src/runner/reuse/receipt.ts';
import type { Site, SiteDefinition } from '../../src/site/definition.ts';
import { loadSite } from '../../src/site/load.ts';
import { createSite } from '../../templates/site.ts';
import { createBundleSite, writeBundleContent } from '../fixtures/bundles/site.tsx';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';
import { createNavigationSite } from '../fixtures/navigation/site.tsx';
import { createSearchSite } from '../fixtures/search/site.tsx';
import { smallSiteWith } from '../helpers/fixture-site.ts';

/**
 * The fast paths (`src/runner/fast-paths/`) change how fast a build is, never what it makes:
 * every fixture site and the examples of the guide that build quickly, built with them on and
 * with `SITE_FAST_PATHS=off`, give the same files byte for byte and the same diagnostics.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fast-paths-switch-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The sites built both ways; each is made afresh for each build, from the same folders (reports name them). */
const SITES: Record<string, () => Promise<Site | SiteDefinition>> = {
  'small-site': async () => createSite(once('small-site', () => smallSiteWith().content)),
  ...Object.fromEntries(
    Object.entries({
      'broken links': 'broken-links/content',
      'invalid front matter': 'invalid-frontmatter/content',
      'unsafe Markdown': 'unsafe-content/markdown/content',
      'unsafe front matter': 'unsafe-content/front-matter/content',
    }).map(([what, overlay]) => [
      `small-site with ${what}`,
      async () => createSite(once(overlay, () => smallSiteWith(`tests/fixtures/${overlay}`).content)),
    ]),
  ),
  'small-site with a page of what each fast path decides': async () =>
    createSite(once('decided', () => smallSiteWith(once('decided-overlay', writeDecidedPage)).content)),
  minimal: async () => createMinimalSite(),
  navigation: async () => createNavigationSite(),
  search: async () => createSearchSite(),
  bundles: async () => createBundleSite(await writeBundleContent(once('bundles', () => fs.mkdtempSync(path.join(work, 'bundles-'))))),
  'own-site': async () => loadSite(once('own-site', () => copied('tests/fixtures/own-site'))),
  'throwing-template': async () => loadSite(once('throwing-template', () => copied('tests/fixtures/throwing-template'))),
  // Every example but the one whose loader reads a server (docs-examples.test.ts starts it).
  ...Object.fromEntries(
    fs
      .readdirSync(path.resolve('docs/examples'))
      .filter((name) => name !== 'data-http')
      .map((name) => [`docs/examples/${name}`, () => loadSite(path.resolve('docs/examples', name))]),
  ),
};

const made = new Map<string, string>();
/** The folder `make` makes, made once. */
function once(key: string, make: () => string): string {
  let folder = made.get(key);
  if (folder === undefined) made.set(key, (folder = make()));
  return folder;
}

/**
 * An overlay of one page holding, besides plain prose, what each fast path must pass on or read
 * as its library would: e-mail and web addresses (the autolink guard), a table and lines with a
 * colon (the table guard), a table of plain rows (the prose reader), front matter of several shapes
 * (the YAML quick way).
 */
function writeDecidedPage(): string {
  const overlay = fs.mkdtempSync(path.join(work, 'decided-'));
  fs.mkdirSync(path.join(overlay, 'blogs'));
  const page = [
    '---',
    'title: What each fast path decides',
    "description: 'A description for this fixture page that is long enough to satisfy the schema.'",
    'createdDate: 2024-01-03',
    'sort: 30',
    'author: ada-lovelace',
    'image: { path: "/images/pic.svg", alt: "A picture" }',
    '---',
    'Plain prose with *emphasis*, **strong** words, `code` and [a link](/blogs/first-post).',
    '',
    'Write to ada@example.com or see https://example.com/page and www.example.org, or <https://example.net>.',
    '',
    '> A quote of one paragraph.',
    '',
    '- an item',
    '- another: with a colon',
    '',
    'Note: a colon',
    'on the next line too: here.',
    '',
    '| Column | Other |',
    '| :----- | ----: |',
    '| a      | b     |',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(overlay, 'blogs', 'decided.md'), page);
  // The guard decides by what a body holds: each kind of address alone too, in a body the prose reader leaves (`_`).
  const alone = { mail: 'Write to ada@example.com _today_.', www: 'See www.example.org _today_.', web: 'See http://example.org _today_.' };
  for (const [name, body] of Object.entries(alone))
    fs.writeFileSync(path.join(overlay, 'blogs', `decided-${name}.md`), page.replace(/(?<=\n---\n)[\s\S]*/, `${body}\n`));
  // A body of plain prose with a table, which the prose reader reads itself (`prose-table.ts`).
  const table = [
    '## Figures',
    '',
    '| Measure | Before | After |',
    '|---|:-:|---:|',
    '| **Runs** | 3 a month | `0` |',
    '',
    'After the table.',
  ];
  fs.writeFileSync(path.join(overlay, 'blogs', 'decided-table.md'), page.replace(/(?<=\n---\n)[\s\S]*/, `${table.join('\n')}\n`));
  return overlay;
}

/** A copy of a fixture folder, so that a build's cache never lands in the repository. */
function copied(fixture: string): string {
  const root = fs.mkdtempSync(path.join(work, `${path.basename(fixture)}-`));
  fs.cpSync(path.resolve(fixture), root, { recursive: true });
  return root;
}

/** Runs `work` with the switch set as given, and puts it back. */
async function withFastPaths<T>(on: boolean, work: () => Promise<T>): Promise<T> {
  const before = process.env[FAST_PATHS_VARIABLE];
  if (on) delete process.env[FAST_PATHS_VARIABLE];
  else process.env[FAST_PATHS_VARIABLE] = 'off';
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env[FAST_PATHS_VARIABLE];
    else process.env[FAST_PATHS_VARIABLE] = before;
  }
}

/** What a build made: every output file's bytes and its diagnostics, in a form `toEqual` compares in full. */
async function buildOnce(name: string, on: boolean) {
  return withFastPaths(on, async () => {
    const site = await SITES[name]!();
    const writer = memoryWriter();
    const cache = path.join(work, 'cache', name.replaceAll('/', '-'));
    const result = await build(site as Site, writer, {
      threads: 0,
      cache: false,
      og: { threads: 0, cacheDir: path.join(cache, 'og') },
      images: { cacheDir: path.join(cache, 'images') },
      dataCache: path.join(cache, 'data'),
    });
    const files = [...writer.files].map(([file, bytes]) => [file, Buffer.from(bytes).toString('base64')]).sort();
    return { files, diagnostics: result.diagnostics.map((diagnostic) => ({ ...diagnostic, detail: undefined })) };
  });
}

describe('the fast paths’ switch', () => {
  it('leaves every fast path out while it is off, and only then', async () => {
    expect(fastPathsOn({})).toBe(true);
    expect(fastPathsOn({ [FAST_PATHS_VARIABLE]: 'off' })).toBe(false);
    await withFastPaths(true, async () => expect(proseReaderPath.get()).toBeTypeOf('function'));
    await withFastPaths(false, async () => expect(proseReaderPath.get()).toBeUndefined());
  });

  it('is part of the keys that decide what a build reuses', async () => {
    const fingerprint = async (on: boolean) =>
      withFastPaths(on, async () => (await codeFingerprint({ module: '', hash: 'site', files: [] }, work)).key);
    expect(await fingerprint(false)).not.toBe(await fingerprint(true));
    expect(requestKey([], { [FAST_PATHS_VARIABLE]: 'off' })).not.toBe(requestKey([], {}));
  });

  for (const name of Object.keys(SITES)) {
    it(`builds ${name} to the same bytes and diagnostics either way`, { timeout: 120_000 }, async () => {
      const on = await buildOnce(name, true);
      const off = await buildOnce(name, false);
      expect(on.files.length + on.diagnostics.length).toBeGreaterThan(0);
      expect(off).toEqual(on);
    });
  }
});
