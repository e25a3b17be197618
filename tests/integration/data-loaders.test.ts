import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../src/build.ts';
import type { LoadedEntry, LoaderContext } from '../../src/content/collection.ts';
import { formatDiagnostics } from '../../src/diagnostics/print.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createBuilder } from '../../src/serve/builder.ts';
import { checkSite } from '../../src/site/validate.ts';
import type { PageProps, Site } from '../../src/site/definition.ts';
import { z } from 'zod';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'data-loaders-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A site of one Markdown home page and a collection `events` whose loader is `load`. */
function siteWith(load: (context: LoaderContext) => Promise<readonly LoadedEntry[]>, options: { cacheOnError?: boolean } = {}): Site {
  const root = fs.mkdtempSync(path.join(work, 'site-'));
  fs.mkdirSync(path.join(root, 'content'));
  fs.writeFileSync(path.join(root, 'content/index.md'), '---\ntitle: Home\ndescription: The home page.\n---\nHello.\n');
  const base = { title: z.string().min(1), description: z.string().min(1) };
  const Page = ({ entry, html }: PageProps) =>
    createElement(
      'article',
      null,
      createElement('h1', null, entry.data.title),
      createElement('div', { dangerouslySetInnerHTML: { __html: html } }),
    );
  return {
    name: 'Loaders',
    lang: 'en',
    origin: 'https://loaders.example',
    root,
    contentDir: path.join(root, 'content'),
    collections: [
      { name: 'events', load, ...options, schema: () => z.strictObject({ ...base, seats: z.number().int() }), template: 'page' },
      { name: 'pages', include: ['*.md'], schema: () => z.strictObject(base), template: 'page' },
    ],
    templates: { page: { component: Page, styles: [] } },
    layout: ({ children }) => createElement('main', null, children),
    styles: {},
    islands: {},
    notFound: '/',
  };
}

const event = (id: string, title: string, seats = 10): LoadedEntry => ({ id, data: { title, description: `About ${title}.`, seats } });

async function buildOnce(site: Site, options: BuildOptions = {}) {
  const writer = memoryWriter();
  const result = await build(site, writer, { threads: 0, cache: false, ...options });
  return { result, text: (file: string) => new TextDecoder().decode(writer.files.get(file)), files: writer.files };
}

describe('a loader', () => {
  it('makes a page of each entry it returns, at /<collection>/<id>, its body Markdown; and keeps the result in the cache', async () => {
    const site = siteWith(async () => [{ ...event('launch', 'Launch'), body: 'Doors open at **six**.' }, event('fair', 'Fair')]);
    const { result, text } = await buildOnce(site);
    expect(result.diagnostics).toEqual([]);
    expect(text('events/launch/index.html')).toContain('<h1>Launch</h1><div><p>Doors open at <strong>six</strong>.</p></div>');
    expect(result.catalogue.collection('events').map((entry) => entry.slug)).toEqual(['fair', 'launch']);
    const kept = JSON.parse(fs.readFileSync(path.join(site.root, '.site-cache/data/events.json'), 'utf8'));
    expect(kept.entries.map((entry: LoadedEntry) => entry.id)).toEqual(['launch', 'fair']);
  }, 60_000);

  it('has its entries checked by the schema, each mistake at its field in the kept result', async () => {
    const site = siteWith(async () => [
      event('launch', 'Launch'),
      { id: 'fair', data: { title: 'Fair', description: 'x', seats: 'many' } },
      { id: 'no/slash', data: {} } as LoadedEntry,
    ]);
    const { result, files } = await buildOnce(site);
    expect(files.size).toBe(0);
    const cacheFile = path.join(site.root, '.site-cache/data/events.json');
    const lines = fs.readFileSync(cacheFile, 'utf8').split('\n');
    expect(result.diagnostics.map(({ code, file, field, line }) => ({ code, file, field, line }))).toEqual([
      { code: 'invalid-type', file: cacheFile, field: 'seats', line: lines.indexOf('        "seats": "many"') + 1 },
      { code: 'data-id', file: cacheFile, field: 'id', line: lines.indexOf('      "id": "no/slash",') + 1 },
    ]);
  }, 60_000);

  it('that throws is a loader-failed error naming the collection, its stack only with --verbose', async () => {
    const site = siteWith(async () => {
      throw new Error('the CMS answered 503');
    });
    const { result } = await buildOnce(site);
    expect(result.diagnostics).toMatchObject([
      { code: 'loader-failed', severity: 'error', message: 'The loader of the collection "events" failed: the CMS answered 503' },
    ]);
    const quiet = formatDiagnostics(result.diagnostics, { cwd: site.root, fileCount: 1 });
    expect(quiet).toContain('The loader of the collection "events" failed: the CMS answered 503');
    expect(quiet).not.toMatch(/^\s+at /m);
    expect(formatDiagnostics(result.diagnostics, { cwd: site.root, fileCount: 1, verbose: true })).toMatch(/^\s+at /m);
  }, 60_000);

  it('that returns something other than a list of entries is a loader-failed error saying what', async () => {
    const site = siteWith(async () => ({ events: [] }) as never);
    const { result } = await buildOnce(site);
    expect(result.diagnostics).toMatchObject([
      { code: 'loader-failed', message: expect.stringContaining('it returned object, not a list') },
    ]);
  }, 60_000);

  it('is given its last result with digests, a logger and the site settings', async () => {
    const seen: LoaderContext[] = [];
    const logged: string[] = [];
    const site = siteWith(async (context) => {
      seen.push(context);
      context.logger.info('asked');
      return [event('launch', 'Launch')];
    });
    await buildOnce(site, { log: (level, line) => logged.push(`${level} ${line}`) });
    await buildOnce(site);
    expect(seen[0]!.cache).toMatchObject({ entries: [] });
    expect(seen[0]!.cache.loadedAt).toBeUndefined();
    expect(seen[1]!.cache.get('launch')).toEqual(event('launch', 'Launch'));
    expect(seen[1]!.cache.digests.get('launch')).toEqual(expect.any(String));
    expect(Date.parse(seen[1]!.cache.loadedAt!)).not.toBeNaN();
    expect(seen[1]!.site).toEqual({ name: 'Loaders', origin: 'https://loaders.example', root: site.root, contentDir: site.contentDir });
    expect(logged).toEqual(['info events: asked']);
  }, 60_000);

  it('re-renders only the pages whose entries changed', async () => {
    let title = 'Fair';
    const site = siteWith(async () => [event('launch', 'Launch'), event('fair', title)]);
    const builder = createBuilder(site, memoryWriter(), { threads: 0 });
    const first = await builder.rebuild();
    expect(first.diagnostics).toEqual([]);
    const same = await builder.rebuild();
    expect(same.pages).toMatchObject({ rendered: 0, carried: first.routes.length });
    title = 'Summer fair';
    const changed = await builder.rebuild();
    expect(changed.pages).toMatchObject({ rendered: 1, carried: first.routes.length - 1 });
    expect(changed.changed).toEqual(expect.arrayContaining(['events/fair/index.html']));
    expect(changed.changed).not.toContain('events/launch/index.html');
  }, 60_000);
});

describe('the cache of a loader', () => {
  it('stands in for the loader with --offline, in one warning naming the collection and the age', async () => {
    let calls = 0;
    const site = siteWith(async () => {
      calls++;
      return [event('launch', 'Launch')];
    });
    await buildOnce(site, {});
    const offline = await buildOnce(site, { offline: true });
    expect(calls).toBe(1);
    expect(offline.result.diagnostics).toMatchObject([
      {
        code: 'data-from-cache',
        severity: 'warning',
        message: expect.stringMatching(
          /^The collection "events" is built from its loader's last result, \d+ (seconds?|minutes?|hours?) old \(--offline\)\.$/,
        ),
      },
    ]);
    expect(offline.text('events/launch/index.html')).toContain('<h1>Launch</h1>');
  }, 60_000);

  it('is an error offline when there is none', async () => {
    const { result } = await buildOnce(
      siteWith(async () => [event('launch', 'Launch')]),
      { offline: true },
    );
    expect(result.diagnostics).toMatchObject([{ code: 'loader-failed', message: expect.stringContaining('--offline') }]);
  }, 60_000);

  it('stands in for a loader that throws only when the collection sets cacheOnError', async () => {
    let fail = false;
    const load = async () => {
      if (fail) throw new Error('connect ECONNREFUSED 127.0.0.1:9');
      return [event('launch', 'Launch')];
    };
    for (const cacheOnError of [true, false]) {
      fail = false;
      const site = siteWith(load, { cacheOnError });
      await buildOnce(site);
      fail = true;
      const { result, text } = await buildOnce(site);
      if (cacheOnError) {
        expect(result.diagnostics).toMatchObject([
          { code: 'data-from-cache', message: expect.stringContaining('the loader failed (connect ECONNREFUSED 127.0.0.1:9)') },
        ]);
        expect(text('events/launch/index.html')).toContain('<h1>Launch</h1>');
      } else expect(result.diagnostics).toMatchObject([{ code: 'loader-failed' }]);
    }
  }, 60_000);
});

describe('a loader collection in the site definition', () => {
  const definition = (collection: Record<string, unknown>) => ({
    name: 'x',
    lang: 'en',
    origin: 'https://x.example',
    contentDir: 'content',
    collections: [{ name: 'events', schema: () => z.object({}), template: 'page', ...collection }],
    templates: { page: { component: () => null, styles: [] } },
    layout: () => null,
    styles: {},
    islands: {},
    notFound: '/404',
  });
  const problems = (collection: Record<string, unknown>) =>
    checkSite(definition(collection), siteWith(async () => []).root).diagnostics.map(({ code, field }) => ({ code, field }));

  it('takes include or load, one of them', () => {
    expect(problems({})).toEqual([{ code: 'collection-source', field: 'collections[0].include' }]);
    expect(problems({ include: ['*.md'], load: async () => [] })).toEqual([{ code: 'collection-source', field: 'collections[0].load' }]);
  });

  it('publishes its entries under a urlBase of plain segments only, never one that climbs out of the output', () => {
    expect(problems({ load: async () => [], urlBase: '/../outside' })).toEqual([
      { code: 'invalid-format', field: 'collections[0].urlBase' },
    ]);
    expect(problems({ load: async () => [], urlBase: '/whats-on' })).toEqual([]);
  });
});

describe("a data entry's Markdown body", () => {
  it('is checked for unsafe content as a Markdown file is', async () => {
    const site = siteWith(async () => [{ ...event('launch', 'Launch'), body: 'Hello <script>alert(1)</script>' }]);
    const { result, files } = await buildOnce(site);
    expect(files.size).toBe(0);
    expect(result.diagnostics.map((d) => d.code)).toContain('unsafe-content');
  }, 60_000);
});
