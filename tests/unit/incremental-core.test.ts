import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/content/catalogue.ts';
import type { Entry } from '../../src/content/entry.ts';
import { fingerprint } from '../../src/runner/reuse/facts.ts';
import { outputChanges } from '../../src/runner/reuse/output-changes.ts';
import { factState, pageChanges } from '../../src/runner/reuse/page-changes.ts';
import type { BuildState, KnownFile, KnownPage } from '../../src/runner/reuse/state.ts';
import { CarriedFile, StagedFile } from '../../src/output/files.ts';
import type { CurrentOutput, OutputFile, Staging } from '../../src/output/write.ts';
import { planRoutes } from '../../src/routes/routes.ts';
import { createSiteContext } from '../../src/site/context.ts';
import { makeEntry } from '../helpers/entries.ts';

// The incremental core with every input in memory: which pages to render, which files to write,
// and what is kept for the next build. No build runs, nothing touches a disk.

const site = createSiteContext({ name: 'T', lang: 'en', origin: 'https://t.example' });
const NO_ANALYSIS: KnownPage['analysis'] = { links: { ids: new Set(), links: [] }, inline: { scripts: [], styles: [], blocked: [] } };

const entries = (titles: Record<string, string>): Entry[] =>
  Object.entries(titles).map(([url, title]) => makeEntry('pages', url, { title }));
const hashesOf = (list: Entry[]) => new Map(list.map((entry) => [entry.url, `${entry.url}:${entry.data.title}`]));

/** The state a build of `list` would leave, each page having read `deps` (by URL). */
function stateAfter(list: Entry[], deps: Record<string, string[]> = {}): BuildState {
  const catalogue = createCatalogue(list);
  const routes = planRoutes(list, '/404');
  const { routeHashes } = pageChanges(routes, hashesOf(list), undefined, catalogue, site);
  const pages = new Map(
    routes.map((route, i): [string, KnownPage] => [
      route.outPath,
      { route: routeHashes[i]!, deps: deps[route.url] ?? [], analysis: NO_ANALYSIS },
    ]),
  );
  const facts = new Map(
    [...pages.values()].flatMap((page) => page.deps).map((fact): [string, string] => [fact, fingerprint(fact, catalogue, site)]),
  );
  return {
    key: 'k',
    entriesKey: 'e',
    entries: new Map(),
    entryHashes: hashesOf(list),
    facts,
    derived: new Map(),
    pages,
    files: new Map(routes.map((route) => [route.outPath, { hash: `h:${route.url}`, stamp: `s:${route.url}` }])),
  };
}

/** Which URLs `pageChanges` renders and carries for this build, given the last build's state. */
function plan(list: Entry[], previous: BuildState | undefined) {
  const routes = planRoutes(list, '/404');
  const changes = pageChanges(routes, hashesOf(list), previous, createCatalogue(list), site);
  return {
    render: changes.render.map((i) => routes[i]!.url),
    carry: changes.carry.map(({ index }) => routes[index]!.url),
    changed: [...changes.changedFacts],
  };
}

describe('which pages to render', () => {
  const before = entries({ '/a': 'A', '/b': 'B', '/list': 'List' });
  // The list page reads the other pages' titles; /a reads nothing of others.
  const state = stateAfter(before, { '/list': ['q:["pages",false,false,"sort"]', 'e:/a#data.title', 'e:/b#data.title'] });

  it('renders every page with no last build', () => {
    expect(plan(before, undefined)).toEqual({ render: ['/a', '/b', '/list'], carry: [], changed: [] });
  });

  it('carries every page over when nothing changed', () => {
    expect(plan(before, state)).toEqual({ render: [], carry: ['/a', '/b', '/list'], changed: [] });
  });

  it('renders an edited page and the pages that read what changed, and carries the rest', () => {
    const edited = entries({ '/a': 'A, edited', '/b': 'B', '/list': 'List' });
    expect(plan(edited, state)).toEqual({ render: ['/a', '/list'], carry: ['/b'], changed: ['e:/a#data.title'] });
  });

  it('renders a new page, and the pages whose collection answer changed', () => {
    const added = entries({ '/a': 'A', '/b': 'B', '/c': 'C', '/list': 'List' });
    const result = plan(added, state);
    expect(result.render).toEqual(['/c', '/list']);
    expect(result.carry).toEqual(['/a', '/b']);
  });

  it('renders a page whose own route changed (its template)', () => {
    const moved = before.map((entry) => (entry.url === '/b' ? { ...entry, template: 'other' } : entry));
    expect(plan(moved, state).render).toEqual(['/b']);
  });
});

describe('what is kept for the next build', () => {
  const list = entries({ '/a': 'A', '/b': 'B' });
  const catalogue = createCatalogue(list);
  const page = (deps: string[]): KnownPage => ({ route: 'r', deps, analysis: NO_ANALYSIS });

  it('keeps an unchanged fact’s fingerprint from the last build, and computes a changed or new one now', () => {
    const previous = {
      ...stateAfter(list),
      facts: new Map([
        ['e:/a#data.title', 'old-a'],
        ['e:/b#data.title', 'old-b'],
      ]),
    };
    const pages = new Map([['x.html', page(['e:/a#data.title', 'e:/b#data.title', 'p:/a'])]]);
    const { facts } = factState(pages, new Map(), previous, new Set(['e:/b#data.title']), catalogue, site);
    expect(facts).toEqual(
      new Map([
        ['e:/a#data.title', 'old-a'],
        ['e:/b#data.title', fingerprint('e:/b#data.title', catalogue, site)],
        ['p:/a', fingerprint('p:/a', catalogue, site)],
      ]),
    );
  });

  it('keeps what a derived value read while a page still uses it: this build’s reads, else the last build’s; and forgets unused ones', () => {
    const previous = {
      ...stateAfter(list),
      derived: new Map([
        ['menus:1', ['e:/a#data.title']],
        ['old:2', ['e:/b#data.title']],
        ['gone:3', ['p:/b']],
      ]),
    };
    const pages = new Map([
      ['carried.html', page(['d:old:2'])],
      ['rendered.html', page(['d:menus:1'])],
    ]);
    const thisBuild = new Map([['menus:1', ['e:/a#data.title', 'e:/b#data.title']]]);
    const { derived, facts } = factState(pages, thisBuild, previous, new Set(), catalogue, site);
    expect(derived).toEqual(
      new Map([
        ['old:2', ['e:/b#data.title']],
        ['menus:1', ['e:/a#data.title', 'e:/b#data.title']],
      ]),
    );
    // A derived value's inputs are facts of their own, fingerprinted like any other.
    expect([...facts.keys()].sort()).toEqual(['d:menus:1', 'd:old:2', 'e:/a#data.title', 'e:/b#data.title']);
  });
});

describe('which files to write', () => {
  const file = (path: string, contents = path): OutputFile => ({ path, contents });
  const hashOf = (f: OutputFile) => `h:${typeof f.contents === 'string' ? f.contents : 'bytes'}`;
  const known = (hash: string, stamp: string): KnownFile => ({ hash, stamp });
  const output = { read: () => new Uint8Array() } as unknown as CurrentOutput;
  const staging = { read: () => new Uint8Array() } as unknown as Staging;

  it('writes everything the first time', () => {
    const changes = outputChanges([file('a.html'), file('b.css')], hashOf, undefined, new Map());
    expect(changes.write.map((f) => f.path)).toEqual(['a.html', 'b.css']);
    expect([changes.kept, changes.removed]).toEqual([[], []]);
  });

  it('keeps a file whose bytes and file in the output are unchanged, and writes one changed in either way', () => {
    const previous = new Map([
      ['same.html', known('h:same.html', 's1')],
      ['new-bytes.html', known('h:old', 's2')],
      ['edited-by-hand.html', known('h:edited-by-hand.html', 's3')],
    ]);
    const stamps = new Map([
      ['same.html', 's1'],
      ['new-bytes.html', 's2'],
      ['edited-by-hand.html', 'someone else'],
    ]);
    const changes = outputChanges([file('same.html'), file('new-bytes.html'), file('edited-by-hand.html')], hashOf, previous, stamps);
    expect(changes.kept).toEqual(['same.html']);
    expect(changes.write.map((f) => f.path)).toEqual(['new-bytes.html', 'edited-by-hand.html']);
    expect(changes.files.get('same.html')).toEqual(known('h:same.html', 's1'));
    expect(changes.files.get('new-bytes.html')).toEqual({ hash: 'h:new-bytes.html', stamp: '' });
  });

  it('keeps a carried page without asking its stamp again, and leaves a staged page where it is unless the output lacks its bytes', () => {
    const previous = new Map([
      ['carried.html', known('h:c', 's1')],
      ['staged-same.html', known('h:bytes', 's2')],
      ['staged-changed.html', known('h:other', 's3')],
    ]);
    const changes = outputChanges(
      [
        new CarriedFile('carried.html', 'h:c', output),
        new StagedFile('staged-same.html', 'h:bytes', staging),
        new StagedFile('staged-changed.html', 'h:bytes', staging),
      ],
      (f) => (f as CarriedFile).hash,
      previous,
      new Map([
        ['staged-same.html', 's2'],
        ['staged-changed.html', 's3'],
      ]),
    );
    expect(changes.kept).toEqual(['carried.html']);
    expect(changes.write.map((f) => f.path)).toEqual(['staged-changed.html']);
    expect(changes.files.get('staged-same.html')).toEqual(known('h:bytes', 's2'));
  });

  it('removes files the last output had and this one has not; a later file for the same path wins', () => {
    const previous = new Map([
      ['old.html', known('h:old.html', 's')],
      ['a.html', known('h:a.html', 's')],
    ]);
    const changes = outputChanges([file('a.html', 'first'), file('a.html')], hashOf, previous, new Map([['a.html', 's']]));
    expect(changes.removed).toEqual(['old.html']);
    expect(changes.kept).toEqual(['a.html']);
    expect(changes.write).toEqual([]);
  });
});
