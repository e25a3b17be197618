import { digest } from '../core/digest.ts';
import type { SiteRoutes } from '../routes/plan.ts';
import type { Site } from '../site/definition.ts';
import { bundleMdx, type MdxBundles } from './mdx.ts';
import { loadMdxContent } from './mdx-content.ts';

/**
 * The build's MDX step: every MDX entry compiled and bundled, its module imported in this thread
 * (which renders pages and feeds too), and its page's hash made to cover the bundle, so an edit to
 * a component an MDX file imports re-renders that page in an incremental build.
 */
export async function prepareMdx(site: Site, routes: SiteRoutes): Promise<MdxBundles> {
  const bundles = await bundleMdx(site, routes.catalogue.entries);
  for (const entry of routes.catalogue.entries) {
    const bundle = bundles.hashes[entry.file];
    const hash = routes.entryHashes.get(entry.url);
    if (bundle && hash) routes.entryHashes.set(entry.url, digest(`${hash}\n${bundle}`));
  }
  if (bundles.diagnostics.every((d) => d.severity !== 'error')) await loadMdxContent(bundles.modules);
  return bundles;
}
