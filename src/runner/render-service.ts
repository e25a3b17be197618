import { threadId } from 'node:worker_threads';
// The fast paths, put where the stages take them from before this thread reads or renders a page.
import './fast-paths/index.ts';
import { deserialize } from 'node:v8';
import { storeAnalysis } from '../render/analysis.ts';
import { renderRoute } from './render-one.ts';
import { StringTable } from './string-table.ts';
import { decodeEntry, encodeEntry } from './entry-codec.ts';
import { createTracker, type Tracker } from './reuse/tracking.ts';
import { createCatalogue } from '../content/catalogue.ts';
import { parseFile, withoutBom } from '../content/parse-file.ts';
import type { RenderContext } from '../render/render-page.ts';
import { loadMdxContent } from '../render/mdx-content.ts';
import type { Route } from '../routes/routes.ts';
import { createSiteContext } from '../site/context.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { loadSiteBundle } from '../site/load.ts';
import type { SiteSetup, Task, TaskResults, WireContext, WirePage } from './protocol.ts';

/**
 * A worker's side of parsing and rendering. The site module is imported once per worker:
 * templates, schemas, the Markdown processor and React are set up then and reused for every page
 * of every build this worker renders.
 */
const sites = new Map<string, Promise<SiteDefinition>>();

function loaded(setup: SiteSetup) {
  const key = `${setup.module}\n${setup.contentDir}`;
  let site = sites.get(key);
  if (!site) {
    site = loadSiteBundle(setup.module).then((definition) => ({ ...definition, contentDir: setup.contentDir }));
    sites.set(key, site);
  }
  return site;
}

let build:
  | {
      id: number;
      routes: Route[];
      context: RenderContext;
      tracker: Tracker;
      sentDerived: Set<string>;
      stagingDir?: string;
      strings: StringTable;
      sentStrings: number;
    }
  | undefined;

export async function loadSite(task: Extract<Task, { kind: 'load' }>): Promise<TaskResults['load']> {
  await loaded(task.site);
  return { thread: threadId };
}

export async function parseFiles(task: Extract<Task, { kind: 'parse' }>): Promise<TaskResults['parse']> {
  const site = await loaded(task.site);
  return task.batch.map(({ index, ...source }) => {
    const { entry, syntax, schema } = parseFile(site, source);
    if (!entry) return { index, syntax, schema };
    // The body stays behind: the main thread has the file's text, and cuts it from there.
    const { body, ...rest } = encodeEntry(entry);
    return { index, syntax, schema, entry: rest, bodyStart: withoutBom(source.text).length - body.length };
  });
}

export async function renderRoutes(task: Extract<Task, { kind: 'render' }>): Promise<TaskResults['render']> {
  const site = await loaded(task.site);
  if (build?.id !== task.context.id) {
    const message = deserialize(Buffer.from(task.context.bytes)) as WireContext;
    const catalogue = createCatalogue(message.entries.map(decodeEntry));
    const siteContext = createSiteContext(site, message.origin, new Map(message.ogImages));
    const routes = message.routes.map(({ entryUrl, ...route }) => ({ ...route, entry: catalogue.byPath(entryUrl)! }));
    await loadMdxContent(message.mdx);
    const context: RenderContext = { site, siteContext, catalogue, assets: message.assets, images: message.images, mdx: message.mdx };
    build = {
      id: task.context.id,
      routes,
      context,
      tracker: createTracker(catalogue, siteContext),
      sentDerived: new Set(),
      stagingDir: message.stagingDir,
      strings: new StringTable(),
      sentStrings: 0,
    };
  }
  const pages: WirePage[] = [];
  const { number } = build.strings;
  for (const index of task.batch) {
    const { analysis, reads, ...page } = renderRoute(index, build.routes[index]!, build.context, build.tracker, build.stagingDir);
    pages.push({ ...page, analysis: analysis && storeAnalysis(analysis, number), reads: reads.map(number) });
  }
  const derived: Array<[string, string[]]> = [];
  for (const [key, reads] of build.tracker.derived) {
    if (build.sentDerived.has(key)) continue;
    build.sentDerived.add(key);
    derived.push([key, [...reads]]);
  }
  const from = build.sentStrings;
  const strings = build.strings.strings.slice(from);
  build.sentStrings += strings.length;
  return { thread: threadId, pages, strings, from, derived };
}
