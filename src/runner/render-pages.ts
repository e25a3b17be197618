import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { Site } from '../site/definition.ts';
import type { LastBuild } from './reuse/last-build.ts';
import { digest } from '../core/digest.ts';
import { factState, pageChanges } from './reuse/page-changes.ts';
import type { KnownPage } from './reuse/state.ts';
import { createTracker } from './reuse/tracking.ts';
import type { ScannedPage } from '../render/page-scan.ts';
import type { PageScans } from '../links/check-links.ts';
import { CarriedFile, StagedFile } from '../output/files.ts';
import type { OutputFile, Staging } from '../output/write.ts';
import type { RenderedPage } from './protocol.ts';
import { workersUnavailable, type WorkerPool } from './render-pool.ts';
import { wireContext } from './wire.ts';
import { StringTable } from './string-table.ts';
import { renderRoute } from './render-one.ts';
import { stagedPages } from './staged-pages.ts';
import type { InlineCode } from '../security/inline-code.ts';
import { analysePage, storeAnalysis, type PageAnalysis } from '../render/analysis.ts';
import { storedAnalysis } from './stored-analysis.ts';
import { mergeInlineCode } from '../security/inline-code.ts';
import type { RenderContext } from '../render/render-page.ts';
import { withPluginLocation } from '../render/site-plugins.ts';
import type { Route } from '../routes/routes.ts';

/** The pages of one build, and what the next build needs to know about them. */
export interface Pages {
  /** Every page, rendered or carried over, in route order. */
  files: OutputFile[];
  /** Each page's hash by output path. */
  hashes: Map<string, string>;
  /** Pages already written to the staging area, with their stamps. */
  staged: Map<string, string>;
  /** How many were rendered (the rest were carried over), and how many of those in worker threads. */
  rendered: number;
  renderedInWorkers: number;
  /** What the next build needs to judge these pages again (see `BuildState`). */
  state: { key: string; pages: Map<string, KnownPage>; facts: Map<string, string>; derived: Map<string, string[]> };
  /**
   * Each page's links and ids by output path, for the link check and the images pages name:
   * made anew from the page's stored analysis each time one is asked for (see `stored-analysis.ts`).
   */
  scans(): PageScanList;
  /** The inline code of every page, for the `_headers` file. */
  inline(): InlineCode;
  diagnostics: Diagnostic[];
}

/** The pages' scans, looked up by output path or one after another in route order. */
export interface PageScanList extends PageScans {
  values(): Iterable<ScannedPage>;
}

/** How pages are rendered, besides what they are rendered from. */
export interface PageWork {
  /** What the last build into the same output left. */
  last: LastBuild;
  /** Worker threads, started when enough pages need rendering; without them pages render here. */
  workers?: WorkerPool;
  /** Where rendered pages are written as they come (see `staged-pages.ts`); without it they are kept in memory. */
  staging?: Staging;
}

/**
 * Renders every page that needs it and carries the others over from the last build's output (see
 * `reuse/page-changes.ts`): on worker threads when there are many, here otherwise.
 */
export async function renderPages(
  routes: readonly Route[],
  entryHashes: ReadonlyMap<string, string>,
  context: RenderContext,
  { last, workers, staging }: PageWork,
): Promise<Pages> {
  const { catalogue, siteContext } = context;
  // Every page depends on these besides content (templates may print the current year): with any
  // of them changed, nothing the last build rendered is reused. Images are facts of the pages that
  // draw them: an image encoded since the last build renders those pages again, not every page.
  const key = last.key([siteContext.origin, context.assets, new Date().getFullYear()]);
  const previous = last.previous(key);
  const changes = pageChanges(routes, entryHashes, previous, catalogue, siteContext, context.images);
  const collected: Collected = { results: new Array(routes.length), hashes: new Map(), pages: new Map(), problems: [] };
  const render = await carryOver(routes, changes, last, collected);
  // Pages link to the same menus and footer: each distinct string is kept once.
  const table = new StringTable();
  const shared = (analysis: PageAnalysis) => storedAnalysis(storeAnalysis(analysis, table.number), table.text);
  const staged = staging && stagedPages(staging, render.length);
  const settle = settler(routes, changes.routeHashes, collected, shared, staging, staged);
  const { renderedHere, derived, pool } = await renderAll(routes, render, context, workers, settle, shared, staged?.dir);
  const stamps = (await staged?.done()) ?? new Map<string, string>();
  // Workers that all failed to start leave the pages right and the build slow: say so.
  const unavailable =
    pool && renderedHere > 0 && renderedHere === render.length && (await pool.ready()) === 0 ? [workersUnavailable(pool.failure)] : [];
  const { results, hashes, pages, problems } = collected;
  // In route order, as the link check and the headers would meet the pages.
  const analysed = () =>
    routes.flatMap((route) => (pages.has(route.outPath) ? [[route.outPath, pages.get(route.outPath)!.analysis] as const] : []));
  return {
    files: results.filter((file): file is OutputFile => file !== undefined),
    hashes,
    staged: stamps,
    rendered: render.length,
    renderedInWorkers: render.length - renderedHere,
    state: { key, pages, ...factState(pages, derived, previous, changes.changedFacts, catalogue, siteContext, context.images) },
    scans: () => ({
      get: (outPath) => pages.get(outPath)?.analysis.links,
      *values() {
        for (const [, analysis] of analysed()) yield analysis.links;
      },
    }),
    inline: () => mergeInlineCode(analysed().map(([, analysis]) => analysis.inline)),
    diagnostics: [...problems.flat().map((d) => atSiteField(d, context.site)), ...unavailable],
  };
}

/** The pages of the build as they come in, each at its route's index. */
interface Collected {
  results: Array<OutputFile | undefined>;
  hashes: Map<string, string>;
  pages: Map<string, KnownPage>;
  /** Workers finish in any order; problems are reported in route order all the same. */
  problems: Diagnostic[][];
}

/**
 * Carries over the pages `changes` allows from the last build's output, and returns the indexes
 * of the routes to render, those that list others first.
 */
async function carryOver(
  routes: readonly Route[],
  changes: ReturnType<typeof pageChanges>,
  last: LastBuild,
  { results, hashes, pages }: Collected,
): Promise<number[]> {
  const render = [...changes.render];
  // A page is carried over only if its file is still the one the last build wrote.
  for (const { index, file, page } of changes.carry) {
    const route = routes[index]!;
    if (last.output!.stamp(route.outPath) !== file.stamp) {
      render.push(index);
      continue;
    }
    results[index] = new CarriedFile(route.outPath, file.hash, last.output!);
    hashes.set(route.outPath, file.hash);
    pages.set(route.outPath, page);
  }
  // Pages that list others (list pages, derived pages such as tag pages) can cost a hundred times
  // a case study, and come last in route order: rendered first, they cannot leave one thread
  // finishing them while the others wait.
  const listsOthers = (index: number) => routes[index]!.entry.listPage || routes[index]!.entry.relative === '';
  return render.sort((a, b) => Number(listsOthers(b)) - Number(listsOthers(a)) || a - b);
}

/** Takes in a rendered page, from a worker or from here: its file, its hash, what the next build needs to judge it. */
function settler(
  routes: readonly Route[],
  routeHashes: ReturnType<typeof pageChanges>['routeHashes'],
  { results, hashes, pages, problems }: Collected,
  shared: (analysis: PageAnalysis) => PageAnalysis,
  staging: Staging | undefined,
  staged: ReturnType<typeof stagedPages> | undefined,
): (index: number, page: RenderedPage) => void {
  return (index, page) => {
    const route = routes[index]!;
    problems[index] = page.diagnostics;
    if (!page.bytes && page.stamp === undefined) return;
    const hash = page.hash ?? digest(page.bytes!);
    results[index] = staging ? new StagedFile(route.outPath, hash, staging) : { path: route.outPath, contents: page.bytes! };
    // A worker wrote its page into the staging folder already; one rendered here is staged now.
    if (page.stamp !== undefined) staged!.adopt(route.outPath, page.stamp);
    else staged?.put(route.outPath, page.bytes!);
    hashes.set(route.outPath, hash);
    const analysis = page.analysis ?? shared(analysePage(route.outPath, Buffer.from(page.bytes!).toString('utf8')));
    pages.set(route.outPath, { route: routeHashes[index]!, deps: page.reads, analysis });
  };
}

/**
 * Renders the routes at `render`: on the pool's workers when there are enough, the main thread
 * rendering its share too, and here alone otherwise. Workers load the site from its code; a site
 * built in memory (no code) renders here.
 */
async function renderAll(
  routes: readonly Route[],
  render: readonly number[],
  context: RenderContext,
  workers: WorkerPool | undefined,
  settle: (index: number, page: RenderedPage) => void,
  shared: (analysis: PageAnalysis) => PageAnalysis,
  stagingDir: string | undefined,
): Promise<{ renderedHere: number; derived: Map<string, string[]>; pool: ReturnType<WorkerPool['get']> }> {
  const { catalogue, siteContext } = context;
  const derived = new Map<string, string[]>();
  const tracker = createTracker(catalogue, siteContext);
  let renderedHere = 0;
  const renderHere = (index: number) => {
    const page = renderRoute(index, routes[index]!, context, tracker);
    settle(index, { ...page, analysis: page.analysis && shared(page.analysis) });
    renderedHere++;
  };
  const pool = render.length ? workers?.get(render.length, catalogue.entries.length) : undefined;
  const left = pool
    ? await pool.render(
        { ...wireContext(routes, context), stagingDir },
        render,
        (page) => settle(page.index, page),
        (key, reads) => void (derived.has(key) || derived.set(key, reads)),
        renderHere,
      )
    : render;
  left.forEach(renderHere);
  for (const [key, reads] of tracker.derived) if (!derived.has(key)) derived.set(key, [...reads]);
  return { renderedHere, derived, pool };
}

/** A page's diagnostic about the site's definition (an undeclared island), moved to where the field is written: every page with it is then one problem. */
function atSiteField(diagnostic: Diagnostic, site: Site): Diagnostic {
  if (diagnostic.code === 'markdown-plugin-failed') return withPluginLocation(diagnostic, site);
  if (diagnostic.code !== 'undeclared-island' || !site.locate) return diagnostic;
  const { file, line } = site.locate([diagnostic.field!]);
  return { ...diagnostic, file, line };
}
