import type { Content } from './content/read.ts';
import { hasErrors } from './diagnostics/diagnostics.ts';
import { locateImageProblems, withoutImages } from './images/prepare.ts';
import { onlyUsedVariants } from './images/used-variants.ts';
import type { BuildMemory } from './runner/reuse/last-build.ts';
import { withRunner, type RenderedSite, type Runner } from './runner/runner.ts';
import type { OgPlan } from './og/plan.ts';
import type { Writer } from './output/write.ts';
import { prepareMdx } from './render/mdx-build.ts';
import { bodyHtml } from './render/render-page.ts';
import { routeSite, type SiteRoutes } from './routes/plan.ts';
import { redirectFiles } from './seo/redirects.ts';
import { localesOf } from './i18n/locales.ts';
import { stringWarnings } from './site/validate.ts';
import { headerFiles } from './security/headers-output.ts';
import { seoFiles } from './seo/crawlers.ts';
import { plainNotFoundFiles } from './seo/plain-not-found.ts';
import { checkEmptyFeeds } from './seo/feeds.ts';
import { ogImageUrl } from './site/social-images.ts';
import type { Site } from './site/definition.ts';
import { buildReport, type BuildOptions, type BuildReport, type BuildResult } from './build-result.ts';
import type { StaticListing } from './assets/static-files.ts';
import type { BundledAssets } from './assets/bundle.ts';
import type { MdxBundles } from './render/mdx.ts';

export type { BuildOptions, BuildResult } from './build-result.ts';

/**
 * Builds a site into `writer`, one stage after another, each through the runner (see
 * `runner/runner.ts`), which reuses what it can of the previous build into the same output. Stages
 * report problems as diagnostics; a build with errors writes nothing. `kept` is what a long-lived builder keeps between builds.
 */
export function build(site: Site, writer: Writer, options: BuildOptions = {}, kept?: BuildMemory): Promise<BuildResult> {
  return withRunner(site, writer, options, kept, (runner) => buildSite(site, runner));
}

/** Reads, plans and renders the site's pages, then makes and writes the rest (`publish`). */
async function buildSite(site: Site, runner: Runner): Promise<BuildResult> {
  // Client code, styles and images need no content: they are made while it is read.
  const making = { assets: runner.assets(), images: runner.images() };
  const content = await runner.read();
  // A draft left out takes its page bundle's files with it, and their image variants.
  const published = runner.siteFiles(content);
  const routes = routeSite(site, content);
  const mdx = await prepareMdx(site, routes);
  const assets = await making.assets;
  const drafted = (url: string) => published.drafted.has(url.slice(1));
  const images = await locateImageProblems(withoutImages(await making.images, drafted), routes.catalogue);
  const report = buildReport(content, routes);
  report.add({ images, mdx }, published, content, routes, mdx, assets, images);
  // Content with mistakes still has its other pages rendered and their links checked, so every
  // mistake is reported at once; it gets no social images, and nothing is written.
  if (report.failed(published, routes, mdx, assets, images)) return report.result();
  const socialImages = await runner.planSocialImages(routes.catalogue, !hasErrors(content.diagnostics));
  if (report.add({}, socialImages).failed(socialImages)) return report.result();
  // Images are encoded once some page names them: pages render, then again if that encoded any.
  const rendered = await runner.render(routes, { mdx, assets, images, socialImages });
  const { pages, encoding } = rendered;
  if (report.add({ images: rendered.images, pages }, pages, encoding).failed(pages, encoding)) return report.result();
  return publish(site, runner, report, { content, published, routes, mdx, assets, socialImages, rendered });
}

/** What the pages were made from and with, for the files made after them. */
interface Made {
  content: Content;
  published: StaticListing;
  routes: SiteRoutes;
  mdx: MdxBundles;
  assets: BundledAssets;
  socialImages: OgPlan;
  rendered: RenderedSite;
}

/** Draws the social images, makes every other file, checks the links and writes the output when nothing failed. */
async function publish(site: Site, runner: Runner, report: BuildReport, made: Made): Promise<BuildResult> {
  const { content, published, routes, mdx, assets, socialImages, rendered } = made;
  const { pages, context } = rendered;
  const { siteContext } = context;
  const drawn = await runner.draw(socialImages);
  const feeds = await runner.filesWithImages(
    (withImages) => seoFiles(site, routes.catalogue, siteContext, (entry) => bodyHtml(entry, withImages)),
    rendered.images,
    context,
  );
  const seo = feeds.files;
  // Images taken whole from the cache have variants no page may name: only those some output names are published.
  const used = onlyUsedVariants(feeds.images, pages.scans().values(), [...assets.files, ...seo]);
  const madeFiles = [
    ...(await runner.staticFiles(published.files)),
    ...assets.files,
    ...used.images.files,
    ...pages.files,
    ...drawn.files,
    ...seo,
    ...plainNotFoundFiles(site, routes.routes),
  ];
  const search = await runner.index(routes, pages);
  // Written before the link check, so that a link to a redirect's old path holds.
  const redirects = redirectFiles(site, routes.routes, madeFiles, siteContext);
  const files = [...madeFiles, ...search.files, ...redirects.files];
  const links = runner.checkLinks(files, routes, siteContext.origin, {
    trailingSlash: site.trailingSlash,
    elsewhere: site.links?.external,
    draftUrls: content.draftUrls,
    draftFiles: published.drafted,
    locales: localesOf(site),
    codeFiles: [...(site.code?.files ?? []), ...mdx.inputs],
    // Content with mistakes gets no social images, but pages carried over from the previous build still name theirs.
    unmade: hasErrors(content.diagnostics) ? routes.routes.map((route) => ogImageUrl(route.url).slice(1)) : [],
  });
  // `_headers`, and the header files of the hosts the site names (see `host-files.ts`).
  const headers = headerFiles(site, files, [...assets.files, ...search.hashed], routes.routes, pages);
  const emptyFeeds = { diagnostics: checkEmptyFeeds(site, routes.catalogue) };
  // Keys a locale's interface words lack, with `missingStrings: 'warn'` (with 'error', loading the site stopped at them).
  const strings = { diagnostics: stringWarnings(site) };
  const checked = [feeds.encoding, drawn, search, redirects, links, headers, emptyFeeds, strings];
  if (report.add({ images: feeds.images, drawn, links, search }, ...checked).failed()) return report.result();
  const output = [...files, ...headers.files];
  const written = await runner.write(output, socialImages, search);
  const result = report.add({ written, files: output }).result();
  await runner.save(result.summary);
  return result;
}
