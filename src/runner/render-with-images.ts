import type { Kept } from '../core/file-stamps.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { encodeNamedImages, locateImageProblems, type PreparedImages, type VariantStore } from '../images/prepare.ts';
import { namedVariants, namesPending } from '../images/used-variants.ts';
import type { RenderContext } from '../render/render-page.ts';
import type { OutputFile } from '../output/write.ts';
import type { Route } from '../routes/routes.ts';
import type { Site } from '../site/definition.ts';
import { renderPages, type PageWork, type Pages } from './render-pages.ts';

/** How the images a page names get encoded. */
export interface ImageWork {
  site: Site;
  /** Where encoded images are kept between builds. */
  cache: VariantStore;
  /** A long-lived builder's kept plan (see `prepareImages`), made again after images are encoded. */
  kept?: Kept<PreparedImages>;
}

/**
 * Renders the pages with every image not yet encoded planned (`images/planned.ts`), then encodes
 * those some page names and renders the pages again with their real variants. Which images a
 * page uses is known only once it is rendered (a template asks for one by URL), so the second
 * pass is the price of never encoding an image no page uses; a build whose pages name no new
 * image (every rebuild of an unchanged site, with a warm cache) renders once. An image that
 * cannot be decoded stops the build before the second pass, as an error where it is named.
 */
export async function renderPagesWithImages(
  routes: readonly Route[],
  entryHashes: ReadonlyMap<string, string>,
  context: RenderContext,
  images: PreparedImages,
  work: PageWork,
  imageWork: ImageWork,
): Promise<{ pages: Pages; images: PreparedImages; encoding: { diagnostics: Diagnostic[] }; context: RenderContext }> {
  const pages = await renderPages(routes, entryHashes, context, work);
  const none = { diagnostics: [] };
  if (hasErrors(pages.diagnostics)) return { pages, images, encoding: none, context };
  const encoded = await encodeNamed(images, namedVariants(pages.scans().values()), context, imageWork);
  if (!encoded || hasErrors(encoded.encoding.diagnostics))
    return { pages, images: encoded?.images ?? images, encoding: encoded?.encoding ?? none, context };
  return { pages: await renderPages(routes, entryHashes, encoded.context, work), ...encoded };
}

/**
 * Makes the files that render page bodies again outside the pages (the feeds), encoding an image
 * only they name: a page whose template leaves its body out names none of the body's images, and
 * the feed would otherwise link to a variant that was never made.
 */
export async function filesWithImages(
  make: (context: RenderContext) => OutputFile[],
  images: PreparedImages,
  context: RenderContext,
  imageWork: ImageWork,
): Promise<{ files: OutputFile[]; images: PreparedImages; encoding: { diagnostics: Diagnostic[] }; context: RenderContext }> {
  const files = make(context);
  const encoded = await encodeNamed(images, namedVariants([], files), context, imageWork);
  if (!encoded) return { files, images, encoding: { diagnostics: [] }, context };
  if (hasErrors(encoded.encoding.diagnostics)) return { files, ...encoded, context };
  return { files: make(encoded.context), ...encoded };
}

/** Encodes the pending images whose planned variants `named` holds; undefined when it holds none. */
async function encodeNamed(
  images: PreparedImages,
  named: ReadonlySet<string>,
  context: RenderContext,
  imageWork: ImageWork,
): Promise<{ images: PreparedImages; encoding: { diagnostics: Diagnostic[] }; context: RenderContext } | undefined> {
  if (!Object.keys(images.pending).length) return undefined;
  const encoded = await encodeNamedImages(images, namesPending(images, named), imageWork.cache, imageWork.site);
  if (encoded === images) return undefined;
  // The kept plan still has these images pending: the next build plans them again, from the cache.
  if (imageWork.kept) imageWork.kept.current = undefined;
  const found = encoded.problems.filter((problem) => !images.problems.includes(problem));
  const encoding = {
    diagnostics: (await locateImageProblems({ ...encoded, problems: found, diagnostics: [] }, context.catalogue)).diagnostics,
  };
  return { images: encoded, encoding, context: { ...context, images: encoded.manifest } };
}
