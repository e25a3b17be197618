import { encodeEntry } from './entry-codec.ts';
import type { RenderContext } from '../render/render-page.ts';
import type { Route } from '../routes/routes.ts';
import type { WireContext } from './protocol.ts';

/** A build's render inputs as plain data for the workers. */
export function wireContext(routes: readonly Route[], context: RenderContext): WireContext {
  const urls = new Set([...context.catalogue.entries, ...routes.map((route) => route.entry)].map((entry) => entry.url));
  return {
    entries: context.catalogue.entries.map(encodeEntry),
    routes: routes.map((route) => ({
      url: route.url,
      outPath: route.outPath,
      template: route.template,
      noindex: route.noindex,
      entryUrl: route.entry.url,
    })),
    assets: context.assets,
    images: context.images,
    origin: context.siteContext.origin,
    mdx: context.mdx,
    ogImages: [...urls].flatMap((url) => {
      const image = context.siteContext.ogImage(url);
      return image ? [[url, image] as [string, NonNullable<typeof image>]] : [];
    }),
  };
}
