import { parentPort, workerData } from 'node:worker_threads';
import { analysePage, storeAnalysis } from '../render/analysis.ts';
import { StringTable } from './string-table.ts';
import { decodeEntry } from '../content/entry-codec.ts';
import { digest } from '../incremental/facts.ts';
import { createTracker, type Tracker } from '../incremental/tracking.ts';
import { createCatalogue, type Catalogue } from '../content/catalogue.ts';
import { fileReader } from '../content/read.ts';
import { renderTracked, type RenderContext } from '../render/render-page.ts';
import { loadMdxContent } from '../render/mdx-content.ts';
import type { Route } from '../routes/routes.ts';
import { createSiteContext } from '../site/context.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { writeStagedFileSync } from '../output/write.ts';
import type { CatalogueMessage, ParseRequest, RenderRequest, WireContext, WirePage, WorkerMessage, WorkerSetup } from './protocol.ts';

/**
 * A render worker's work, given the site's definition: it parses content files and renders pages
 * as the main thread asks (see `render-pool.ts`). The site module is imported once per worker:
 * templates, schemas, the Markdown processor and React are set up then and reused for every page
 * of every build this worker renders.
 */
export function serveRenderRequests(definition: SiteDefinition): void {
  const port = parentPort!;
  const setup = workerData as WorkerSetup;
  const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const site: SiteDefinition = { ...definition, contentDir: setup.contentDir };

  let build: { routes: Route[]; context: RenderContext; tracker: Tracker; sentDerived: Set<string>; stagingDir?: string; strings: StringTable; sentStrings: number } | undefined;

  const read = fileReader(site);

  let sharedCatalogue: Catalogue | undefined;

  // Messages are handled one after another: a build context with MDX entries imports their
  // modules first (asynchronously), and the render requests that follow it wait for that.
  let queue = Promise.resolve();
  port.on('message', (message: WireContext | RenderRequest | ParseRequest | CatalogueMessage) => {
    queue = queue.then(() => handle(message));
  });
  const handle = async (message: WireContext | RenderRequest | ParseRequest | CatalogueMessage) => {
    try {
      if (message.type === 'parse') {
        post({ type: 'parsed', results: message.batch.map(({ index, ...source }) => ({ index, ...read(source) })) });
        return;
      }
      if (message.type === 'catalogue') {
        sharedCatalogue = createCatalogue(message.entries.map(decodeEntry));
        return;
      }
      if (message.type === 'context') {
        const catalogue = message.entries ? createCatalogue(message.entries.map(decodeEntry)) : sharedCatalogue;
        if (!catalogue) throw new Error('A build context came without its catalogue.');
        const siteContext = createSiteContext(site, message.origin, new Map(message.ogImages));
        const routes = message.routes.map(({ entryUrl, ...route }) => ({ ...route, entry: catalogue.byPath(entryUrl)! }));
        await loadMdxContent(message.mdx);
        const context: RenderContext = { site, siteContext, catalogue, assets: message.assets, images: message.images, mdx: message.mdx };
        build = { routes, context, tracker: createTracker(catalogue, siteContext), sentDerived: new Set(), stagingDir: message.stagingDir, strings: new StringTable(), sentStrings: 0 };
        return;
      }
      if (!build) throw new Error('A render request came before the build context.');
      const pages: WirePage[] = [];
      const { number } = build.strings;
      const transfer: ArrayBuffer[] = [];
      for (const index of message.batch) {
        const route = build.routes[index]!;
        const page = renderTracked(route, build.context, build.tracker);
        const bytes = page.html === undefined ? undefined : Buffer.from(page.html);
        const analysis = page.html === undefined ? undefined : storeAnalysis(analysePage(route.outPath, page.html), number);
        const rendered: WirePage = { index, hash: bytes && digest(bytes), analysis, diagnostics: page.diagnostics, reads: [...page.reads].map(number) };
        // Written here, the page's bytes never cross to the main thread, and the writing is shared out with the rendering.
        if (bytes && build.stagingDir) rendered.stamp = writeStagedFileSync(build.stagingDir, { path: route.outPath, contents: bytes });
        else if (bytes) {
          rendered.bytes = bytes;
          // A fresh Buffer of this size has its own ArrayBuffer (pooling stops at 4 KB), so it can be handed over without a copy.
          if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength) transfer.push(bytes.buffer as ArrayBuffer);
        }
        pages.push(rendered);
      }
      const derived: Array<[string, string[]]> = [];
      for (const [key, reads] of build.tracker.derived) {
        if (build.sentDerived.has(key)) continue;
        build.sentDerived.add(key);
        derived.push([key, [...reads]]);
      }
      const strings = build.strings.strings.slice(build.sentStrings);
      build.sentStrings += strings.length;
      post({ type: 'rendered', pages, strings, derived }, transfer);
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      post({ type: 'failed', message: err.message, stack: err.stack });
    }
  };
  post({ type: 'ready' });
}
