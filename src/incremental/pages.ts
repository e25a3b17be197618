import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { RenderedPage, WireContext } from '../parallel/protocol.ts';
import type { WorkerPool } from '../parallel/render-pool.ts';
import { renderTracked, type RenderContext } from '../render/render-page.ts';
import type { Route } from '../routes/routes.ts';
import { forEachLimited, writeStagedFileSync, type CurrentOutput, type OutputFile, type Staging } from '../output/write.ts';
import type { ScannedPage } from '../links/html-scan.ts';
import type { InlineCode } from '../security/inline-code.ts';
import { analysePage, loadAnalysis, mergeInlineCode, storeAnalysis, type PageAnalysis } from '../render/analysis.ts';
import { StringTable } from '../parallel/string-table.ts';
import { encodeEntry } from '../content/entry-codec.ts';
import { changedFacts, digest, fingerprint } from './facts.ts';
import type { BuildState, KnownPage } from './state.ts';
import { createTracker } from './tracking.ts';

/** A page taken unchanged from the current output: its bytes are read only if a later stage asks. */
export class CarriedFile implements OutputFile {
  readonly path: string;
  readonly hash: string;
  readonly #source: CurrentOutput;
  #contents: Uint8Array | undefined;
  constructor(path: string, hash: string, source: CurrentOutput) {
    this.path = path;
    this.hash = hash;
    this.#source = source;
  }
  get contents(): Uint8Array {
    return (this.#contents ??= this.#source.read(this.path));
  }
}

/** A page written to the staging area as it was rendered: its bytes are read back only if a later stage asks. */
export class StagedFile implements OutputFile {
  readonly path: string;
  readonly hash: string;
  readonly #staging: Staging;
  constructor(path: string, hash: string, staging: Staging) {
    this.path = path;
    this.hash = hash;
    this.#staging = staging;
  }
  get contents(): Uint8Array {
    return this.#staging.read(this.path);
  }
}

/** The pages of one build and what the next build needs to know about them. */
export interface PageStage {
  /** Every page that rendered (or was carried over), in route order. */
  files: OutputFile[];
  /** Each page's hash by output path. */
  hashes: Map<string, string>;
  /** Pages already written to the staging area, with their stamps. */
  staged: Map<string, string>;
  /** How many pages were rendered (the rest were carried over). */
  rendered: number;
  /** How many of them were rendered by worker threads. */
  renderedInWorkers: number;
  pages: Map<string, KnownPage>;
  facts: Map<string, string>;
  derived: Map<string, string[]>;
  /** Each page's links and ids by output path, for the link check (gathered when asked: a build that changed nothing need not). */
  scans(): Map<string, ScannedPage>;
  /** The inline code of every page, for the `_headers` file. */
  inline(): InlineCode;
}

export interface PageStageInput {
  routes: readonly Route[];
  context: RenderContext;
  /** Entry hashes by URL (see `Content.entryHashes`). */
  entryHashes: ReadonlyMap<string, string>;
  /** The state the last build into this output left, when its key matches this build's. */
  previous?: BuildState;
  /** The output that state describes. */
  current?: CurrentOutput;
  /** Worker threads, started when enough pages need rendering (or running already); without them pages render here. */
  workers?: WorkerPool;
  /** Where rendered pages are written as they come, so ten thousand of them need not be held in memory. */
  staging?: Staging;
}

/**
 * Renders the pages that need it and carries the others over. A page needs rendering when it is
 * new, its own route or entry changed, a fact it read about other pages changed (see
 * `facts.ts`), or its file in the output is missing or was modified. Failures go to `diagnostics`.
 */
export async function renderChangedPages(input: PageStageInput, diagnostics: Diagnostic[]): Promise<PageStage> {
  const { routes, context, entryHashes, previous, current } = input;
  const { catalogue, siteContext } = context;
  const routeHashes = routes.map((route) => digest(JSON.stringify([route.url, route.outPath, route.template, route.noindex, entryHashes.get(route.entry.url) ?? ''])));

  let changed = new Set<string>();
  const carried = new Map<number, string>();
  if (previous && current) {
    const touched = new Set<string>();
    for (const [url, hash] of entryHashes) if (previous.entryHashes.get(url) !== hash) touched.add(url);
    for (const url of previous.entryHashes.keys()) if (!entryHashes.has(url)) touched.add(url);
    changed = changedFacts(previous.facts, previous.derived, touched, catalogue, siteContext);
    const candidates = routes.flatMap((route, index) => {
      const known = previous.pages.get(route.outPath);
      const file = previous.files.get(route.outPath);
      const same = known && file && known.route === routeHashes[index] && !known.deps.some((fact) => changed.has(fact));
      return same ? [{ index, file }] : [];
    });
    // A page is carried over only if its file is still the one the last build wrote.
    await forEachLimited(candidates, 64, async ({ index, file }) => {
      if ((await current.stamp(routes[index]!.outPath)) === file.stamp) carried.set(index, file.hash);
    });
  }

  const results: Array<OutputFile | undefined> = new Array(routes.length);
  const hashes = new Map<string, string>();
  const pages = new Map<string, KnownPage>();
  const derived = new Map<string, string[]>();
  for (const [index, hash] of carried) {
    const route = routes[index]!;
    results[index] = new CarriedFile(route.outPath, hash, current!);
    hashes.set(route.outPath, hash);
    pages.set(route.outPath, previous!.pages.get(route.outPath)!);
  }

  const dirty = routes.flatMap((_, index) => (carried.has(index) ? [] : [index]));
  // Pages that list others (list pages, derived pages such as tag pages) can cost a hundred times
  // a case study, and come last in route order: rendered first, they cannot leave one thread
  // finishing them while the others wait (at 10,000 pages the last batch, 23 tag pages, took 1.3 s).
  const listsOthers = (index: number) => routes[index]!.entry.listPage || routes[index]!.entry.relative === '';
  dirty.sort((a, b) => Number(listsOthers(b)) - Number(listsOthers(a)) || a - b);
  // Workers finish in any order; problems are reported in route order all the same.
  const problems: Diagnostic[][] = [];
  // Pages link to the same menus and footer: each distinct string is kept once, pages holding
  // numbers into the table (see `loadAnalysis`). The facts pages read are one string each already
  // (see `tracking.ts`). Workers number their pages' strings themselves (see `WirePage`).
  const table = new StringTable();
  const staged = new Map<string, string>();
  const writes: Promise<unknown>[] = [];
  // With the staging folder on disk, each thread writes the pages it renders straight into it.
  const stagingDir = input.staging?.adopt ? input.staging.dir : undefined;
  const settle = (index: number, page: RenderedPage) => {
    const route = routes[index]!;
    problems[index] = page.diagnostics;
    if (!page.bytes && page.stamp === undefined) return;
    const hash = page.hash ?? digest(page.bytes!);
    if (page.stamp !== undefined) {
      input.staging!.adopt!(route.outPath);
      staged.set(route.outPath, page.stamp);
      results[index] = new StagedFile(route.outPath, hash, input.staging!);
    } else if (input.staging) {
      results[index] = new StagedFile(route.outPath, hash, input.staging);
      writes.push(input.staging.put({ path: route.outPath, contents: page.bytes! }).then((stamp) => staged.set(route.outPath, stamp)));
    } else results[index] = { path: route.outPath, contents: page.bytes! };
    hashes.set(route.outPath, hash);
    const analysis = page.analysis ?? shared(analysePage(route.outPath, Buffer.from(page.bytes!).toString('utf8')));
    pages.set(route.outPath, { route: routeHashes[index]!, deps: page.reads, analysis });
  };

  const shared = (analysis: PageAnalysis) => loadAnalysis(storeAnalysis(analysis, table.number), table.text);
  const tracker = createTracker(catalogue, siteContext);
  let renderedHere = 0;
  const renderHere = (index: number) => {
    const route = routes[index]!;
    const page = renderTracked(route, context, tracker);
    const bytes = page.html === undefined ? undefined : Buffer.from(page.html);
    const analysis = page.html === undefined ? undefined : shared(analysePage(route.outPath, page.html));
    const rendered: RenderedPage = { index, bytes, analysis, diagnostics: page.diagnostics, reads: [...page.reads] };
    if (bytes && stagingDir) {
      rendered.hash = digest(bytes);
      rendered.stamp = writeStagedFileSync(stagingDir, { path: route.outPath, contents: bytes });
      rendered.bytes = undefined;
    }
    settle(index, rendered);
    renderedHere++;
  };
  let left = dirty;
  // Workers load the site from its module; a site built in memory (no module) renders here. With
  // workers, the main thread renders its share too.
  const pool = dirty.length ? input.workers?.get(dirty.length, catalogue.entries.length) : undefined;
  if (pool) {
    left = await pool.render(
      { ...wireContext(routes, context, pool.sharedCatalogue !== context.catalogue), stagingDir },
      dirty,
      (page) => settle(page.index, page),
      (key, reads) => {
        if (!derived.has(key)) derived.set(key, reads);
      },
      renderHere,
    );
  }
  left.forEach(renderHere);
  const renderedInWorkers = dirty.length - renderedHere;
  for (const [key, reads] of tracker.derived) if (!derived.has(key)) derived.set(key, [...reads]);
  for (const list of problems) if (list) diagnostics.push(...list);
  await Promise.all(writes);

  // Derived values no page rendered this time keep what they read last time, if a carried page still uses them.
  const used = new Set<string>();
  for (const page of pages.values()) for (const fact of page.deps) if (fact.startsWith('d:')) used.add(fact.slice(2));
  for (const key of used) if (!derived.has(key) && previous?.derived.has(key)) derived.set(key, previous.derived.get(key)!);
  for (const key of derived.keys()) if (!used.has(key)) derived.delete(key);

  // Fingerprints: a fact the last build knew and that has not changed keeps its value; the rest are computed now.
  const facts = new Map<string, string>();
  const note = (fact: string) => {
    if (facts.has(fact)) return;
    const old = previous?.facts.get(fact);
    facts.set(fact, old !== undefined && !changed.has(fact) ? old : fingerprint(fact, catalogue, siteContext));
  };
  for (const page of pages.values()) page.deps.forEach(note);
  for (const inputs of derived.values()) inputs.forEach(note);

  // In route order, as the link check and the headers would meet the pages.
  const analysed = () => routes.flatMap((route) => (pages.has(route.outPath) ? [[route.outPath, pages.get(route.outPath)!.analysis] as const] : []));
  return {
    files: results.filter((file): file is OutputFile => file !== undefined),
    scans: () => new Map(analysed().map(([outPath, analysis]) => [outPath, analysis.links])),
    inline: () => mergeInlineCode(analysed().map(([, analysis]) => analysis.inline)),
    hashes,
    staged,
    rendered: dirty.length,
    renderedInWorkers,
    pages,
    facts,
    derived,
  };
}

/** The build's render inputs as plain data for the workers. */
function wireContext(routes: readonly Route[], context: RenderContext, withEntries: boolean): WireContext {
  const urls = new Set([...context.catalogue.entries, ...routes.map((route) => route.entry)].map((entry) => entry.url));
  return {
    type: 'context',
    entries: withEntries ? context.catalogue.entries.map(encodeEntry) : undefined,
    routes: routes.map((route) => ({ url: route.url, outPath: route.outPath, template: route.template, noindex: route.noindex, entryUrl: route.entry.url })),
    assets: context.assets,
    images: context.images,
    origin: context.siteContext.origin,
    ogImages: [...urls].flatMap((url) => {
      const image = context.siteContext.ogImage(url);
      return image ? [[url, image] as [string, NonNullable<typeof image>]] : [];
    }),
  };
}
