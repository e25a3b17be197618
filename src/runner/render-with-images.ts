import type { Kept } from '../core/file-stamps.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { encodeNamedImages, locateImageProblems, type ImageBuildOptions, type PreparedImages } from '../images/prepare.ts';
import { namedVariants, namesPending } from '../images/used-variants.ts';
import type { RenderContext } from '../render/render-page.ts';
import type { Route } from '../routes/routes.ts';
import type { Site } from '../site/definition.ts';
import { renderPages, type PageWork, type Pages } from './render-pages.ts';

/** How the images a page names get encoded. */
export interface ImageWork {
  site: Site;
  options?: ImageBuildOptions;
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
  if (!Object.keys(images.pending).length || hasErrors(pages.diagnostics)) return { pages, images, encoding: none, context };
  const named = namesPending(images, namedVariants(pages.scans().values()));
  const encoded = await encodeNamedImages(images, named, imageWork.options ?? {}, imageWork.site);
  if (encoded === images) return { pages, images, encoding: none, context };
  // The kept plan still has these images pending: the next build plans them again, from the cache.
  if (imageWork.kept) imageWork.kept.current = undefined;
  const found = encoded.problems.filter((problem) => !images.problems.includes(problem));
  const encoding = {
    diagnostics: (await locateImageProblems({ ...encoded, problems: found, diagnostics: [] }, context.catalogue)).diagnostics,
  };
  if (hasErrors(encoding.diagnostics)) return { pages, images: encoded, encoding, context };
  const withVariants = { ...context, images: encoded.manifest };
  return { pages: await renderPages(routes, entryHashes, withVariants, work), images: encoded, encoding, context: withVariants };
}
