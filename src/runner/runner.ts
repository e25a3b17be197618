import { prepareAssets, type BundledAssets } from '../assets/bundle.ts';
import { listSiteFiles, staticFiles, type StaticFile, type StaticListing } from '../assets/static-files.ts';
import type { BuildOptions } from './build-options.ts';
import type { Catalogue } from '../content/catalogue.ts';
import { dataFilesOf } from '../content/parse-file.ts';
import { readContent, type Content } from '../content/read.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { prepareImages, type PreparedImages } from '../images/prepare.ts';
import type { LinkReport } from '../links/check-links.ts';
import type { OgPlan } from '../og/plan.ts';
import { OutputChangedError, type OutputFile, type Staging, type Writer } from '../output/write.ts';
import type { MdxBundles } from '../render/mdx.ts';
import type { RenderContext } from '../render/render-page.ts';
import type { SiteRoutes } from '../routes/plan.ts';
import { indexSite, type SearchStage } from '../search/index-site.ts';
import type { Site } from '../site/definition.ts';
import { createSiteContext } from '../site/context.ts';
import { siteBounds } from '../site/named-files.ts';
import { contentReader } from './content-reader.ts';
import type { Pages } from './render-pages.ts';
import { workerPool, type WorkerPool } from './render-pool.ts';
import { filesWithImages, renderPagesWithImages } from './render-with-images.ts';
import { entryHashes } from './reuse/entry-hashes.ts';
import { openLastBuild, type BuildMemory, type LastBuild } from './reuse/last-build.ts';
import { checkPageLinks, type LinkOptions } from './reuse/link-reuse.ts';
import type { ReceiptSummary } from './reuse/receipt.ts';
import { carrySearchIndex } from './reuse/search-reuse.ts';
import { drawSocialImages, planSocialImages } from './social-images.ts';
import { writeOutput, type WriteReport } from './write-output.ts';
import { variantCacheOf } from './caches/image-cache.ts';

/** What pages are made from besides their routes: the MDX bundles, the client code and styles, the images, the social images. */
export interface PageMaterials {
  mdx: MdxBundles;
  assets: BundledAssets;
  images: PreparedImages;
  socialImages: OgPlan;
}

/** The pages rendered, the images encoded for them, and the render context with those images' variants. */
export type RenderedSite = Awaited<ReturnType<typeof renderPagesWithImages>>;

/**
 * The one door between a build and the runner: each stage that can reuse the last build, share
 * work out to threads or keep something for the next build is asked for here, and the runner
 * keeps what it needs between them (the content reader's entries, the entry hashes, the pages'
 * state, the link report) until `save`.
 */
export interface Runner {
  assets(): Promise<BundledAssets>;
  images(): Promise<PreparedImages>;
  read(): Promise<Content>;
  /**
   * The site's own files to publish (the public folder, page bundles), within what the build may
   * read (see docs/security.md); a draft left out takes its page bundle's files with it.
   */
  siteFiles(content: Content): StaticListing;
  staticFiles(listed: readonly StaticFile[]): Promise<OutputFile[]>;
  /** The social images to draw; none when `enabled` is false or the build was asked for none. */
  planSocialImages(catalogue: Catalogue, enabled: boolean): Promise<OgPlan>;
  /** Renders the pages (see `renderPagesWithImages`), then lets the worker threads go. */
  render(routes: SiteRoutes, made: PageMaterials): Promise<RenderedSite>;
  /** Files that render page bodies again (the feeds), with the images only they name encoded (see `filesWithImages`). */
  filesWithImages(
    make: (context: RenderContext) => OutputFile[],
    images: PreparedImages,
    context: RenderContext,
  ): ReturnType<typeof filesWithImages>;
  draw(plan: OgPlan): Promise<{ files: OutputFile[]; drawn: number; reused: number; diagnostics: Diagnostic[] }>;
  index(routes: SiteRoutes, pages: Pages): Promise<SearchStage>;
  checkLinks(files: readonly OutputFile[], routes: SiteRoutes, origin: string, options: LinkOptions): LinkReport;
  write(files: readonly OutputFile[], plan: OgPlan, search: SearchStage): Promise<WriteReport>;
  /** Keeps this build's state for the next one (after `write`), with what `site build` prints of it. */
  save(summary: ReceiptSummary): Promise<void>;
}

/**
 * Runs `build` with a runner over the last build into `writer`'s output, and lets its threads and
 * staging go after. When another build replaced the output meanwhile, it builds again from
 * scratch, reusing nothing. `memory` is a long-lived builder's.
 */
export async function withRunner<T>(
  site: Site,
  writer: Writer,
  options: BuildOptions,
  memory: BuildMemory | undefined,
  build: (runner: Runner) => Promise<T>,
): Promise<T> {
  const last = await openLastBuild(site, writer, options.cache, memory);
  const workers = workerPool(site, options.threads);
  const staging = writer.current?.stage?.();
  try {
    return await build(runnerOver(site, writer, options, memory, { last, workers, staging }));
  } catch (error) {
    // Another build replaced the output while this one ran: build again from scratch, reusing nothing.
    if (error instanceof OutputChangedError && options.cache !== false)
      return withRunner(site, writer, { ...options, cache: false }, undefined, build);
    throw error;
  } finally {
    await Promise.all([staging?.discard(), workers.close()]);
  }
}

/** The runner of one build, over what `withRunner` opened. */
function runnerOver(
  site: Site,
  writer: Writer,
  options: BuildOptions,
  memory: BuildMemory | undefined,
  { last, workers, staging }: { last: LastBuild; workers: WorkerPool; staging: Staging | undefined },
): Runner {
  const bounds = siteBounds(site, writer.current?.location);
  const reader = contentReader(site, last, workers);
  const images = variantCacheOf(site, options.images);
  const imageWork = { site, cache: images, kept: memory?.images };
  let content: Content | undefined;
  let hashes: Map<string, string> | undefined;
  let pages: Pages | undefined;
  let links: ReturnType<typeof checkPageLinks> | undefined;
  let written: WriteReport | undefined;
  return {
    assets: () => prepareAssets(site, options, memory),
    images: () => prepareImages(site, images, memory?.images, bounds),
    read: async () => {
      const { drafts, offline, log, dataCache } = options;
      content = await readContent(site, { drafts, bounds, offline, log, dataCache }, reader);
      return content;
    },
    siteFiles: (read) => listSiteFiles(site, bounds, read.draftBundles, dataFilesOf(site)),
    staticFiles: (listed) => staticFiles(listed, memory?.staticFiles),
    planSocialImages: (catalogue, enabled) =>
      planSocialImages(site, catalogue, { socialImages: options.socialImages !== false && enabled }, memory),
    async render(routes, { mdx, assets, images: prepared, socialImages }) {
      // What every template is given of the site (its origin, the social images' URLs), and the rest a page is made from.
      const siteContext = createSiteContext(site, options.origin, socialImages.refs);
      const context = {
        site,
        siteContext,
        catalogue: routes.catalogue,
        assets: assets.manifest!,
        images: prepared.manifest,
        mdx: mdx.modules,
      };
      const fileHash = (relative: string) => reader.known.get(relative)?.hash;
      hashes = entryHashes({ content: content!, fileHash, routes, mdx });
      const work = { last, workers, staging };
      const rendered = await renderPagesWithImages(routes.routes, hashes, context, prepared, work, imageWork);
      pages = rendered.pages;
      await workers.close();
      return rendered;
    },
    filesWithImages: (make, prepared, context) => filesWithImages(make, prepared, context, imageWork),
    draw: (plan) => drawSocialImages(site, plan, last, options.og),
    index: (routes, rendered) => indexSite(site, { routes: routes.routes, pages: rendered, carried: (key) => carrySearchIndex(key, last) }),
    checkLinks(files, routes, origin, linkOptions) {
      links = checkPageLinks(files, routes.routes, origin, pages!, last, content!.invalidUrls, linkOptions);
      return links;
    },
    async write(files, plan, search) {
      written = await writeOutput(writer, files, { pages: pages!, socialImages: plan, sources: search.sources, last, staging });
      return written;
    },
    async save(summary) {
      const state = { entries: reader.known, entryHashes: hashes!, ...pages!.state, files: written!.files, links: links!.state };
      await last.save(state, summary, written!.unchanged);
    },
  };
}
