import { bundleAssets } from './assets.ts';
import { readContent, type Content } from './content.ts';
import { hasErrors } from './diagnostics.ts';
import type { OgImageRef } from './og/definition.ts';
import { planOgImages } from './og/plan.ts';
import { renderOgImages, type OgRenderOptions } from './og/render.ts';
import { renderPages } from './render/render-page.tsx';
import { seoFiles } from './seo/crawlers.ts';
import type { SiteContext, SiteDefinition } from './site-definition.ts';
import { collectStaticFiles } from './static-files.ts';
import type { OutputFile, Writer } from './write.ts';

export interface BuildOptions {
  /** Overrides the site's origin (`--origin`, else `SITE_ORIGIN`, else the site's default). */
  origin?: string;
  /** Minify client code and styles (default true). */
  minify?: boolean;
  /** How social images are drawn and cached (see `OgRenderOptions`). */
  og?: OgRenderOptions;
}

export interface BuildResult extends Content {
  /** Social images drawn by this build and taken unchanged from the cache. */
  og?: { drawn: number; reused: number };
  /** Set only when the build succeeded and the output was written. */
  files?: OutputFile[];
}

/** Builds a site: content → social-image plan, assets → pages → social images → SEO files → writer. Writes nothing on error. */
export async function build(site: SiteDefinition, writer: Writer, options: BuildOptions = {}): Promise<BuildResult> {
  const result: BuildResult = await readContent(site);
  const { diagnostics, routes, catalogue } = result;
  if (hasErrors(diagnostics)) return result;

  const og = await planOgImages(site, catalogue);
  const assets = await bundleAssets({ islands: site.islands, startup: site.startup ?? {} }, site.styles, { minify: options.minify });
  diagnostics.push(...og.diagnostics, ...assets.diagnostics);
  if (!assets.manifest || hasErrors(diagnostics)) return result;

  const siteContext = createSiteContext(site, options.origin, og.refs);
  const pages = renderPages(routes, { site, siteContext, catalogue, assets: assets.manifest }, diagnostics);
  if (hasErrors(diagnostics)) return result;

  const images = await renderOgImages(site, og.jobs, options.og);
  diagnostics.push(...images.diagnostics);
  result.og = { drawn: images.drawn, reused: images.reused };
  if (hasErrors(diagnostics)) return result;

  const output = [
    ...(await collectStaticFiles(site.publicDir)),
    ...(await collectStaticFiles(site.contentDir)),
    ...assets.files,
    ...pages,
    ...images.files,
    ...seoFiles(site, catalogue, siteContext),
  ];
  await writer.write(output);
  return { ...result, files: output };
}

/** Resolves the origin, the URL helper and the social images for one build. */
export function createSiteContext(site: SiteDefinition, originOverride?: string, ogImages: ReadonlyMap<string, OgImageRef> = new Map()): SiteContext {
  const origin = (originOverride ?? process.env.SITE_ORIGIN ?? site.origin).replace(/\/+$/, '');
  return { name: site.name, lang: site.lang, origin, url: (path: string) => `${origin}${path}`, ogImage: (pageUrl) => ogImages.get(pageUrl) };
}
