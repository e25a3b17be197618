import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fsPromises from 'node:fs/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { build, type BuildOptions } from '../../src/build.ts';
import { createBuilder } from '../../src/serve/builder.ts';
import { loadSite, withContent } from '../../src/site/load.ts';
import { diskWriter, memoryWriter } from '../../src/output/write.ts';

// Builds of the real site into a folder, one after another, each compared byte for byte with a
// clean build of the same content: an incremental build must never differ from starting over.
const root = path.resolve('.');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-incremental-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const content = path.join(work, 'content');
fs.cpSync(path.join(root, 'content'), content, { recursive: true });
// Social images of unchanged pages come from a copy of the project's cache, so only edited pages draw theirs.
const ogCache = path.join(work, 'og');
if (fs.existsSync(path.join(root, '.site-cache/og'))) fs.cpSync(path.join(root, '.site-cache/og'), ogCache, { recursive: true });

const site = withContent(await loadSite(root), content);
const options: BuildOptions = { og: { cacheDir: ogCache, threads: 0 }, threads: 0, cache: { dir: path.join(work, 'cache') } };
const incremental = (out: string) => build(site, diskWriter(out), options);
const clean = (out: string) => build(site, diskWriter(out), { ...options, cache: false });

function tree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(path.relative(dir, path.join(entry.parentPath, entry.name)), fs.readFileSync(path.join(entry.parentPath, entry.name)));
  }
  return files;
}

/** The paths whose bytes differ between two folders, or that only one has. */
function differences(a: Map<string, Uint8Array>, b: Map<string, Uint8Array>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => !a.has(p) || !b.has(p) || Buffer.compare(a.get(p)!, b.get(p)!) !== 0).sort();
}

async function expectSameAsClean(out: string) {
  const reference = path.join(work, `clean-${Math.random().toString(36).slice(2)}`);
  const result = await clean(reference);
  expect(result.diagnostics).toEqual([]);
  expect(differences(tree(out), tree(reference))).toEqual([]);
}

// Each test runs several builds of the real site, and clean builds under the test runner (React in development mode) are slow.
const SLOW = 240_000;

const edit = (relative: string, change: (text: string) => string) => {
  const file = path.join(content, relative);
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
};

describe('incremental builds into a folder', () => {
  const out = path.join(work, 'dist');

  it(
    'renders every page the first time, and nothing when nothing changed, leaving the folder complete',
    async () => {
      const first = await incremental(out);
      expect(first.diagnostics).toEqual([]);
      expect(first.pages?.rendered).toBe(first.routes.length);
      const before = tree(out);

      const again = await incremental(out);
      expect(again.diagnostics).toEqual([]);
      expect(again.pages).toEqual({ rendered: 0, inWorkers: 0, carried: again.routes.length });
      expect(again.written).toEqual({ files: [], removed: [] });
      expect(differences(tree(out), before)).toEqual([]);
      await expectSameAsClean(out);
    },
    SLOW,
  );

  it(
    're-renders only the edited case study when its body changes',
    async () => {
      edit('projects/aml-network-analytics.md', (text) => text.replace('## The challenge', 'An added sentence.\n\n## The challenge'));
      const result = await incremental(out);
      expect(result.diagnostics).toEqual([]);
      expect(result.pages?.rendered).toBe(1);
      expect(result.written?.files).toEqual(['projects/aml-network-analytics/index.html']);
      await expectSameAsClean(out);
    },
    SLOW,
  );

  it(
    're-renders the pages that show a case study when its title changes, and the result matches a clean build',
    async () => {
      const first = fs.readdirSync(path.join(content, 'projects')).find((name) => !name.startsWith('_'))!;
      edit(`projects/${first}`, (text) => text.replace(/^title: "(.*)"$/m, 'title: "A revised title for the first case study"'));
      const result = await incremental(out);
      expect(result.diagnostics).toEqual([]);
      expect(result.pages!.rendered).toBeGreaterThan(1);
      await expectSameAsClean(out);
    },
    SLOW,
  );

  it(
    'handles a new case study and a deleted one',
    async () => {
      fs.copyFileSync(
        path.join(content, 'projects/aml-network-analytics.md'),
        path.join(content, 'projects/aml-network-analytics-copy.md'),
      );
      edit('projects/aml-network-analytics-copy.md', (text) =>
        text
          .replace(/^title: "(.*)"$/m, 'title: "A copy of a case study"')
          .replace(/^clients:\n  - \{ name: "([^"]+)"/m, 'clients:\n  - { name: "$1 Copy"'),
      );
      const added = await incremental(out);
      expect(added.diagnostics).toEqual([]);
      expect(added.written?.files).toContain('projects/aml-network-analytics-copy/index.html');
      await expectSameAsClean(out);

      fs.rmSync(path.join(content, 'projects/aml-network-analytics-copy.md'));
      const removed = await incremental(out);
      expect(removed.diagnostics).toEqual([]);
      expect(removed.written?.removed).toContain('projects/aml-network-analytics-copy/index.html');
      // The page's folder goes with it, as it would in a clean build.
      expect(fs.existsSync(path.join(out, 'projects/aml-network-analytics-copy'))).toBe(false);
      await expectSameAsClean(out);
    },
    SLOW,
  );

  it(
    'renders a page again when its file in the output was modified or deleted by hand',
    async () => {
      const page = path.join(out, 'about/company/index.html');
      fs.appendFileSync(page, '<!-- edited -->');
      fs.rmSync(path.join(out, 'contact/index.html'));
      const result = await incremental(out);
      expect(result.pages?.rendered).toBe(2);
      await expectSameAsClean(out);
    },
    SLOW,
  );
});

describe('a builder kept in memory', () => {
  it(
    'rebuilds an edit the same as a clean build, reporting the files it changed',
    async () => {
      const writer = memoryWriter();
      const builder = createBuilder(site, writer, { ...options, cache: undefined });
      expect((await builder.rebuild()).diagnostics).toEqual([]);
      expect((await builder.rebuild()).changed).toEqual([]);

      edit('blogs/why-we-bet-on-snowflake.md', (text) => text.replace(/^title: "(.*)"$/m, 'title: "Why we bet on Snowflake, revisited"'));
      const result = await builder.rebuild();
      expect(result.diagnostics).toEqual([]);
      expect(result.changed).toContain('blogs/why-we-bet-on-snowflake/index.html');
      expect(result.changed).toContain('blogs/rss.xml');

      const reference = memoryWriter();
      await build(site, reference, { ...options, cache: false });
      expect(differences(writer.files, reference.files)).toEqual([]);
    },
    SLOW,
  );

  it(
    'reads the images and other files of the content again only once they change',
    async () => {
      const writer = memoryWriter();
      const builder = createBuilder(site, writer, { ...options, cache: undefined });
      expect((await builder.rebuild()).diagnostics).toEqual([]);
      const reads = vi.spyOn(fsPromises, 'readFile');
      // Besides Markdown; and besides the logo, which the social-image stage reads to inline it into each card.
      const readHere = () =>
        reads.mock.calls
          .map(([file]) => String(file))
          .filter((file) => file.startsWith(content) && !file.endsWith('.md') && !file.endsWith('images/logo.svg'));
      try {
        expect((await builder.rebuild()).changed).toEqual([]);
        expect(readHere()).toEqual([]);

        // The same size, a new colour: only the stamp tells.
        edit('images/error.svg', (text) =>
          text.replace(/#[0-9a-fA-F]{6}/, (colour) => (colour.toLowerCase() === '#123456' ? '#654321' : '#123456')),
        );
        const result = await builder.rebuild();
        expect(result.diagnostics).toEqual([]);
        expect(result.changed).toContain('images/error.svg');
        expect(readHere()).toContain(path.join(content, 'images/error.svg'));
        expect(Buffer.from(writer.files.get('images/error.svg')!)).toEqual(fs.readFileSync(path.join(content, 'images/error.svg')));
      } finally {
        reads.mockRestore();
      }
    },
    SLOW,
  );
});
