import type { OgImageRef } from './social-images.ts';

/** Site-wide facts resolved for one build. */
export interface SiteContext {
  name: string;
  lang: string;
  /** Whether the site has a search (`SiteDefinition.search`): a layout shows the `stillsite/search` island only then. */
  search: boolean;
  /** The origin for canonical URLs, without a trailing slash. */
  origin: string;
  /** Turns a root-relative path into an absolute URL on the origin, percent-encoded as URLs must be (a space as %20, é as %C3%A9). */
  url(path: string): string;
  /** The social preview image of the page at a URL path, when the site has social images. */
  ogImage(pageUrl: string): OgImageRef | undefined;
}

/** Resolves the origin, the URL helper and the social images for one build. */
export function createSiteContext(
  site: { name: string; lang: string; origin: string; search?: unknown },
  originOverride?: string,
  ogImages: ReadonlyMap<string, OgImageRef> = new Map(),
): SiteContext {
  const origin = (originOverride ?? process.env.SITE_ORIGIN ?? site.origin).replace(/\/+$/, '');
  return {
    name: site.name,
    lang: site.lang,
    search: Boolean(site.search),
    origin,
    // The URL parser escapes what a path may not hold raw and leaves escapes as they are (%23 stays).
    url: (path: string) => new URL(`${origin}${path}`).href,
    ogImage: (pageUrl) => ogImages.get(pageUrl),
  };
}
