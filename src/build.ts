import { prepareAssets } from './assets/bundle.ts';
import { listSiteFiles, staticFiles } from './assets/static-files.ts';
import { readContent } from './content/read.ts';
import { dataFilesOf } from './content/parse-file.ts';
import { contentReader } from './runner/content-reader.ts';
import { hasErrors, type Diagnostic } from './diagnostics/diagnostics.ts';
import { locateImageProblems, prepareImages, withoutImages } from './images/prepare.ts';
import { onlyUsedVariants } from './images/used-variants.ts';
import { openLastBuild, type BuildMemory } from './runner/reuse/last-build.ts';
import { checkPageLinks } from './links/check-links.ts';
import { drawSocialImages, planSocialImages } from './runner/social-images.ts';
import { writeOutput } from './runner/write-output.ts';
import { OutputChangedError, type Writer } from './output/write.ts';
import { workerPool } from './runner/render-pool.ts';
import { filesWithImages, renderPagesWithImages } from './runner/render-with-images.ts';
import { prepareMdx } from './render/mdx-build.ts';
import { bodyHtml } from './render/render-page.ts';
import { routeSite } from './routes/plan.ts';
import { siteBounds } from './site/named-files.ts';
import { redirectFiles } from './seo/redirects.ts';
import { localesOf } from './i18n/locales.ts';
import { stringWarnings } from './site/validate.ts';
import { headersFile } from './security/headers-output.ts';
import { indexSite } from './search/index-site.ts';
import { hostFiles } from './security/host-files.ts';
import { seoFiles } from './seo/crawlers.ts';
import { plainNotFoundFiles } from './seo/plain-not-found.ts';
import { checkEmptyFeeds } from './seo/feeds.ts';
import { createSiteContext } from './site/context.ts';
import { ogImageUrl } from './site/social-images.ts';
import type { Site } from './site/definition.ts';
import { outcome, type BuildOptions, type BuildResult } from './build-result.ts';

export type { BuildOptions, BuildResult } from './build-result.ts';

/**
 * Builds a site into `writer`, one stage after another. Each stage reuses what it can of the
 * last build into the same output (`last`, see `runner/reuse/`) and reports problems as
 * diagnostics; a build with errors writes nothing. `memory` is a long-lived builder's.
 */
export async function build(site: Site, writer: Writer, options: BuildOptions = {}, memory?: BuildMemory): Promise<BuildResult> {
  const last = await openLastBuild(site, writer, options.cache, memory);
  const workers = workerPool(site, options.threads);
  const staging = writer.current?.stage?.();
  try {
    // Client code, styles and images need no content: they are made while it is read.
    // What may be read: the project's own files, never the output, the cache or packages (see docs/security.md).
    const bounds = siteBounds(site, writer.current?.location);
    const making = { assets: prepareAssets(site, options, memory), images: prepareImages(site, options.images, memory?.images, bounds) };
    const reader = contentReader(site, last, workers);
    const content = await readContent(
      site,
      { drafts: options.drafts, bounds, offline: options.offline, log: options.log, dataCache: options.dataCache },
      reader,
    );
    // A draft left out takes its page bundle's files with it, and their image variants.
    const published = listSiteFiles(site, bounds, content.draftBundles, dataFilesOf(site));
    const routes = routeSite(site, content);
    const mdx = await prepareMdx(site, routes);
    const assets = await making.assets;
    const images = await locateImageProblems(
      withoutImages(await making.images, (url) => published.drafted.has(url.slice(1))),
      routes.catalogue,
    );
    if (failed(published, routes, mdx, assets, images))
      return outcome(content, routes, [published, content, routes, mdx, assets, images], { images, mdx });
    // Content with mistakes still has its other pages rendered and their links checked, so every
    // mistake is reported at once; it gets no social images, and nothing is written.
    const socialImages = await planSocialImages(
      site,
      routes.catalogue,
      { socialImages: options.socialImages !== false && !failed(content) },
      memory,
    );
    const found = [published, content, routes, mdx, assets, images, socialImages];
    if (failed(socialImages)) return outcome(content, routes, found, { images, mdx });

    const siteContext = createSiteContext(site, options.origin, socialImages.refs);
    const planned = { site, siteContext, catalogue: routes.catalogue, assets: assets.manifest!, images: images.manifest, mdx: mdx.modules };
    // Images are encoded once some page names them: pages render, then again if that encoded any.
    const {
      pages,
      images: encoded,
      encoding,
      context,
    } = await renderPagesWithImages(
      routes.routes,
      routes.entryHashes,
      planned,
      images,
      { last, workers, staging },
      { site, options: options.images, kept: memory?.images },
    );
    await workers.close();
    if (failed(pages, encoding)) return outcome(content, routes, [...found, pages, encoding], { images: encoded, pages, mdx });
    const drawn = await drawSocialImages(site, socialImages, last, options.og);
    const feeds = await filesWithImages(
      (withImages) => seoFiles(site, routes.catalogue, siteContext, (entry) => bodyHtml(entry, withImages)),
      encoded,
      context,
      { site, options: options.images, kept: memory?.images },
    );
    const seo = feeds.files;
    // Images taken whole from the cache have variants no page may name: only those some output names are published.
    const used = onlyUsedVariants(feeds.images, pages.scans().values(), [...assets.files, ...seo]);
    const made = [
      ...(await staticFiles(published.files, memory?.staticFiles)),
      ...assets.files,
      ...used.images.files,
      ...pages.files,
      ...drawn.files,
      ...seo,
      ...plainNotFoundFiles(site, routes.routes),
    ];
    const search = await indexSite(site, { routes: routes.routes, pages, last });
    // Written before the link check, so that a link to a redirect's old path holds.
    const redirects = redirectFiles(site, routes.routes, made, siteContext);
    const files = [...made, ...search.files, ...redirects.files];
    const links = checkPageLinks(files, routes.routes, siteContext.origin, pages, last, content.invalidUrls, {
      trailingSlash: site.trailingSlash,
      elsewhere: site.links?.external,
      draftUrls: content.draftUrls,
      draftFiles: published.drafted,
      locales: localesOf(site),
      codeFiles: [...(site.code?.files ?? []), ...mdx.inputs],
      // Content with mistakes gets no social images, but pages carried over from the last build still name theirs.
      unmade: failed(content) ? routes.routes.map((route) => ogImageUrl(route.url).slice(1)) : [],
    });
    const headers = headersFile(site, files, [...assets.files, ...search.hashed], routes.routes, pages);
    const emptyFeeds = { diagnostics: checkEmptyFeeds(site, routes.catalogue) };
    // Keys a locale's interface words lack, with `missingStrings: 'warn'` (with 'error', loading the site stopped at them).
    const strings = { diagnostics: stringWarnings(site) };
    const checked = [...found, pages, encoding, feeds.encoding, drawn, search, redirects, links, headers, emptyFeeds, strings];
    if (failed(...checked)) return outcome(content, routes, checked, { images: feeds.images, pages, drawn, links, mdx, search });

    // The header files of the hosts the site names, each what `_headers` says (see `host-files.ts`).
    const hostConfig = [headers.file!, ...hostFiles(site.deploy, headers.file!)];
    const written = await writeOutput(writer, [...files, ...hostConfig], { pages, socialImages, sources: search.sources, last, staging });
    const result = outcome(content, routes, checked, {
      images: feeds.images,
      pages,
      drawn,
      links,
      written,
      files: [...files, ...hostConfig],
      mdx,
      search,
    });
    await last.save(
      { entries: reader.known, entryHashes: routes.entryHashes, ...pages.state, files: written.files, links: links.state },
      result.summary,
      written.unchanged,
    );
    return result;
  } catch (error) {
    // Another build replaced the output while this one ran: build again from scratch, reusing nothing.
    if (error instanceof OutputChangedError && options.cache !== false) return build(site, writer, { ...options, cache: false });
    throw error;
  } finally {
    await Promise.all([staging?.discard(), workers.close()]);
  }
}

/** Whether any of these stages reported an error (a build with errors writes nothing). */
function failed(...stages: Array<{ diagnostics: readonly Diagnostic[] }>): boolean {
  return stages.some((stage) => hasErrors(stage.diagnostics));
}
