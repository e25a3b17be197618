import type { SiteRoutes } from '../routes/plan.ts';
import type { Site } from '../site/definition.ts';
import { bundleMdx, type MdxBundles } from './mdx.ts';
import { loadMdxContent } from './mdx-content.ts';

/**
 * The build's MDX step: every MDX entry compiled and bundled, and its module imported in this
 * thread (which renders pages and feeds too). Each bundle's hash is in the result: the runner's
 * entry hashes cover it (see `runner/reuse/entry-hashes.ts`).
 */
export async function prepareMdx(site: Site, routes: SiteRoutes): Promise<MdxBundles> {
  const bundles = await bundleMdx(site, routes.catalogue.entries);
  if (bundles.diagnostics.every((d) => d.severity !== 'error')) await loadMdxContent(bundles.modules);
  return bundles;
}
