import type { OgImageRef } from './og/definition.ts';
import type { SiteContext, SiteDefinition } from './site-definition.ts';

/** Resolves the origin, the URL helper and the social images for one build. */
export function createSiteContext(site: SiteDefinition, originOverride?: string, ogImages: ReadonlyMap<string, OgImageRef> = new Map()): SiteContext {
  const origin = (originOverride ?? process.env.SITE_ORIGIN ?? site.origin).replace(/\/+$/, '');
  return { name: site.name, lang: site.lang, origin, url: (path: string) => `${origin}${path}`, ogImage: (pageUrl) => ogImages.get(pageUrl) };
}
