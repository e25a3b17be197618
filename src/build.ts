import { bundleAssets } from './assets/bundle.ts';
import { openBuildCache, type BuildCacheOptions, type WarmState } from './incremental/build-cache.ts';
import { carryDrawnImages } from './incremental/og-reuse.ts';
import { writeChanged } from './incremental/output.ts';
import { renderChangedPages } from './incremental/pages.ts';
import { mergeInlineCode } from './render/analysis.ts';
import { digest } from './incremental/facts.ts';
import type { Catalogue } from './content/catalogue.ts';
import { readContent, type Content } from './content/read.ts';
import { hasErrors } from './diagnostics/diagnostics.ts';
import { checkLinks, type ExternalLink } from './links/check-links.ts';
import { prepareImages, type ImageBuildOptions } from './images/prepare.ts';
import { workerPool, workersUnavailable, type WorkerPool } from './parallel/render-pool.ts';
import { planOgImages } from './og/plan.ts';
import { renderOgImages, type OgRenderOptions } from './og/render.ts';
import { planHeaders } from './security/headers-output.ts';
import { findInlineCode } from './security/inline-code.ts';
import { seoFiles } from './seo/crawlers.ts';
import type { Site } from './site/definition.ts';
import { createSiteContext } from './site/context.ts';
import { collectStaticFiles } from './assets/static-files.ts';
import { OutputChangedError, type OutputFile, type Staging, type Writer } from './output/write.ts';

export interface BuildOptions {
  /** Overrides the site's origin (`--origin`, else `SITE_ORIGIN`, else the site's default). */
  origin?: string;
  /** Minify client code and styles (default true). */
  minify?: boolean;
  /** How social images are drawn and cached (see `OgRenderOptions`). */
  og?: OgRenderOptions;
  /** Where responsive image variants are cached (see `ImageBuildOptions`). */
  images?: ImageBuildOptions;
  /** Where pages and entries are kept for the next build into the same output; false: reuse and keep nothing (default: `.site-cache/build`). */
  cache?: BuildCacheOptions | false;
  /** Worker threads to render pages with; 0 renders in the main thread (default: one per core when enough pages need rendering). */
  threads?: number;
  /** Plan and draw social images (default true); false leaves them out of pages, for measuring pages alone. */
  socialImages?: boolean;
}

export interface BuildResult extends Content {
  /** Social images drawn by this build and taken unchanged from the cache. */
  og?: { drawn: number; reused: number };
  /** Raster images encoded into variants by this build and taken unchanged from the cache. */
  images?: { encoded: number; reused: number };
  /** Links to other sites, listed and never fetched; set once every internal link has been checked. */
  externalLinks?: ExternalLink[];
  /** Pages rendered by this build (in worker threads, of those) and carried over unchanged from the last one. */
  pages?: { rendered: number; inWorkers: number; carried: number };
  /** Output files written, and files of the last output removed; the rest were left as they were. */
  written?: { files: string[]; removed: string[] };
  /** Set only when the build succeeded and the output was written. */
  files?: OutputFile[];
}

/**
 * Builds a site: content → social-image plan, assets → pages → social images → SEO files → writer.
 * Writes nothing on error. Reuses what the last build into the same output left (see `cache/`):
 * unchanged files are neither parsed, rendered nor written again. `warm` is a builder's memory.
 */
export async function build(site: Site, writer: Writer, options: BuildOptions = {}, warm?: WarmState): Promise<BuildResult> {
  // Pages go to the next output as they are rendered; whatever is not committed is removed.
  const staging = writer.current?.stage?.();
  // Worker threads start once there is enough to parse or render, and serve the whole build.
  const workers = workerPool(site.code ? { module: site.code.module, contentDir: site.contentDir } : undefined, options.threads);
  try {
    return await buildWith(staging, workers, site, writer, options, warm);
  } finally {
    await Promise.all([staging?.discard(), workers.close()]);
  }
}

async function buildWith(staging: Staging | undefined, workers: WorkerPool, site: Site, writer: Writer, options: BuildOptions, warm?: WarmState): Promise<BuildResult> {
  const cache = await openBuildCache(site, writer, options.cache, warm);
  // Client code, styles and images need no content: esbuild and sharp work on them while it is
  // read. Client code and styles are code: a warm builder (its code fixed for its life) bundles them once.
  const bundling = warm?.assets ? Promise.resolve(warm.assets) : bundleAssets({ islands: site.islands, startup: site.startup ?? {} }, site.styles, { minify: options.minify });
  const content = Promise.withResolvers<Catalogue>();
  const imaging = prepareImages(site, content.promise, options.images);
  // Awaited once the content is read; a build whose content fails has no use for either.
  for (const stage of [bundling, imaging]) stage.catch(() => undefined);
  const result: BuildResult = await readContent(site, cache.knownEntries, (files, entries) => workers.get(files, entries));
  const { diagnostics, routes, catalogue } = result;
  content.resolve(catalogue);
  if (hasErrors(diagnostics)) return result;
  // Workers started for the content take the catalogue now, while social images, assets and images are prepared here.
  workers.started()?.shareCatalogue(catalogue);

  const og = options.socialImages === false ? { refs: new Map(), jobs: [], diagnostics: [] } : await planOgImages(site, catalogue);
  const assets = await bundling;
  if (warm && assets.manifest && !hasErrors(assets.diagnostics)) warm.assets = assets;
  const pictures = await imaging;
  result.images = { encoded: pictures.encoded, reused: pictures.reused };
  diagnostics.push(...og.diagnostics, ...assets.diagnostics, ...pictures.diagnostics);
  if (!assets.manifest || hasErrors(diagnostics)) return result;

  const siteContext = createSiteContext(site, options.origin, og.refs);
  const context = { site, siteContext, catalogue, assets: assets.manifest, images: pictures.manifest };
  // Everything every page depends on besides content; templates may print the current year.
  const key = cache.key([siteContext.origin, assets.manifest, pictures.manifest, new Date().getFullYear()]);
  const pages = await renderChangedPages(
    { routes, context, entryHashes: result.entryHashes, previous: cache.previous(key), current: writer.current, workers, staging },
    diagnostics,
  );
  const pool = workers.started();
  result.pages = { rendered: pages.rendered, inWorkers: pages.renderedInWorkers, carried: pages.files.length - pages.rendered };
  // Workers that all failed to start leave the pages right and the build slow: say so.
  if (pool && pages.rendered > 0 && pages.renderedInWorkers === 0 && (await pool.ready()) === 0) diagnostics.push(workersUnavailable(pool.failure));
  // The workers' work is done: their memory goes back before the stages that need the main thread's.
  await workers.close();
  if (hasErrors(diagnostics)) return result;

  const unchangedImages = await carryDrawnImages(og.jobs, cache.previousFiles, writer.current);
  const images = await renderOgImages(site, unchangedImages.jobs, options.og);
  diagnostics.push(...images.diagnostics);
  result.og = { drawn: images.drawn, reused: images.reused + unchangedImages.carried.length };
  if (hasErrors(diagnostics)) return result;

  const output = [
    ...(await collectStaticFiles(site.publicDir)),
    ...(await collectStaticFiles(site.contentDir)),
    ...assets.files,
    ...pictures.files,
    ...pages.files,
    ...images.files,
    ...unchangedImages.carried,
    ...seoFiles(site, catalogue, siteContext),
  ];
  // The same pages over the same files check out as they did last time: reuse that report.
  const paths = digest(output.map((file) => file.path).sort().join('\n'));
  const checked = pages.rendered === 0 ? cache.previous(key)?.links : undefined;
  const links = checked?.paths === paths ? { diagnostics: [], external: checked.external } : checkLinks(output, routes, siteContext.origin, pages.scans());
  result.externalLinks = links.external;
  diagnostics.push(...links.diagnostics);
  if (hasErrors(diagnostics)) return result;
  // Pages were analysed as they were rendered (or by the build that rendered them); any other HTML file is read here.
  const otherHtml = output.filter((file) => file.path.endsWith('.html') && !pages.hashes.has(file.path));
  const headers = planHeaders(site.security, output, assets.files, routes, mergeInlineCode([findInlineCode(otherHtml), pages.inline()]));
  diagnostics.push(...headers.diagnostics);
  if (!headers.file || hasErrors(diagnostics)) return result;
  output.push(headers.file);
  let written;
  try {
    written = await writeChanged(writer, output, {
      hashes: pages.hashes,
      previous: cache.previousFiles,
      staged: staging && { staging, stamps: pages.staged },
      sources: new Map(og.jobs.map((job) => [job.outPath, job.key])),
    });
  } catch (error) {
    // Another build replaced the output while this one ran: build again from scratch, reusing nothing.
    if (error instanceof OutputChangedError && options.cache !== false) return build(site, writer, { ...options, cache: false });
    throw error;
  }
  const unchanged = pages.rendered === 0 && written.written.length === 0 && written.removed.length === 0;
  await cache.save(
    { key, entries: result.known, entryHashes: result.entryHashes, facts: pages.facts, derived: pages.derived, pages: pages.pages, files: written.files, links: { paths, external: links.external } },
    unchanged,
  );
  cache.receipt(written.files, { pages: routes.length, files: result.fileCount, og: result.og, externalLinks: links.external });
  return { ...result, files: output, written: { files: written.written, removed: written.removed } };
}

export { createSiteContext } from './site/context.ts';
