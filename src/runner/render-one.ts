import { digest } from '../core/digest.ts';
import type { Tracker } from './reuse/tracking.ts';
import { trackedImages, type TrackedImages } from './reuse/tracked-images.ts';
import type { ImageManifest } from '../images/manifest.ts';
import { writeStagedFileSync } from '../output/write.ts';
import { analysePage, type PageAnalysis } from '../render/analysis.ts';
import { renderPage, sharedMarkupOf, type RenderContext } from '../render/render-page.ts';
import type { Route } from '../routes/routes.ts';
import type { RenderedPage } from './protocol.ts';

/**
 * Renders one route for the runner, on whichever thread it runs: `renderPage` through the
 * tracker (so the facts the page read are known), then the hash and analysis of its bytes. With
 * a staging folder on disk the bytes are written there at once, and only their stamp is kept: the
 * writing is shared out with the rendering, and a worker's pages never cross to the main thread.
 */
export function renderRoute(index: number, route: Route, context: RenderContext, tracker: Tracker, stagingDir?: string): RenderedPage {
  const page = renderTracked(route, context, tracker);
  const reads = [...page.reads];
  if (page.html === undefined) return { index, diagnostics: page.diagnostics, reads };
  const bytes = Buffer.from(page.html);
  const analysis: PageAnalysis = analysePage(route.outPath, page.html);
  if (stagingDir)
    return {
      index,
      hash: digest(bytes),
      stamp: writeStagedFileSync(stagingDir, { path: route.outPath, contents: bytes }),
      analysis,
      diagnostics: page.diagnostics,
      reads,
    };
  return { index, bytes, hash: digest(bytes), analysis, diagnostics: page.diagnostics, reads };
}

/** Renders one route through `tracker`'s catalogue and site context, so the facts it reads are known (see `reuse/facts.ts`). */
function renderTracked(route: Route, context: RenderContext, tracker: Tracker) {
  const images = context.images && imagesOf(context.images);
  const tracked: RenderContext = { ...context, catalogue: tracker.catalogue, siteContext: tracker.siteContext, images: images?.manifest };
  const shared = sharedMarkupOf(context);
  const imageReads = new Set<string>();
  if (images) images.log = imageReads;
  try {
    const { value, reads } = tracker.record(route.entry.url, () =>
      renderPage({ ...route, entry: tracker.entry(route.entry) }, tracked, shared),
    );
    for (const fact of imageReads) reads.add(fact);
    return { ...value, reads };
  } finally {
    if (images) images.log = undefined;
  }
}

/** One tracked manifest a build (see `trackedImages`). */
const tracking = new WeakMap<ImageManifest, TrackedImages>();
function imagesOf(manifest: ImageManifest): TrackedImages {
  let images = tracking.get(manifest);
  if (!images) tracking.set(manifest, (images = trackedImages(manifest)));
  return images;
}
