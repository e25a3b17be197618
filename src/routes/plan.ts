import { createCatalogue, inLocale, type Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';
import type { Content } from '../content/read.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostics.ts';
import type { Site } from '../site/definition.ts';
import { checkNotFound } from '../site/validate.ts';
import { deriveEntries, planRoutes, type DerivedRoute, type Route } from './routes.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';
import { localesOf } from '../i18n/locales.ts';
import { fallbackEntries } from './fallback.ts';

/** The page written as `404.html` when the site names none, if it has one (else the engine writes a plain one). */
const DEFAULT_NOT_FOUND = '/404';

/** Every page of the site: one per entry, and the pages derived from the content. */
export interface SiteRoutes {
  routes: Route[];
  /** The content's entries and the derived pages', in the one ordering. */
  catalogue: Catalogue;
  diagnostics: Diagnostic[];
}

/**
 * Plans the site's routes: the content's pages, plus the pages the site derives from them
 * (`routes(catalogue)`: tag pages, archives), which join the catalogue. Content with mistakes
 * still gets its derived pages, so the links to them hold; but what `routes()` reports of half a
 * catalogue would confuse, so it is reported once the content is valid.
 */
export function routeSite(site: Site, content: Content): SiteRoutes {
  const diagnostics: Diagnostic[] = [];
  const derived = derivePages(site, content.catalogue, hasErrors(content.diagnostics) ? [] : diagnostics);
  const pages = derived.length ? [...content.entries, ...derived] : content.entries;
  const locales = localesOf(site);
  // Pages a locale shows in place of missing translations (`i18n.fallback`): routes, not catalogue entries.
  const fallbacks = fallbackEntries(derived.length ? createCatalogue(pages) : content.catalogue, locales, site.trailingSlash);
  const routes = planRoutes(fallbacks.length ? [...pages, ...fallbacks] : pages, site.notFound ?? DEFAULT_NOT_FOUND, locales);
  if (!hasErrors(content.diagnostics) && !hasErrors(diagnostics)) diagnostics.push(...checkNotFound(site, routes));
  return { routes, catalogue: derived.length ? createCatalogue(pages) : content.catalogue, diagnostics };
}

function derivePages(site: Site, catalogue: Catalogue, diagnostics: Diagnostic[]): Entry[] {
  if (!site.routes) return [];
  let declared: readonly DerivedRoute[];
  try {
    // A multilingual site's routes() lists the default locale's entries unless it asks for another (see docs/multilingual.md).
    declared = site.routes(localesOf(site).multilingual ? inLocale(catalogue, localesOf(site).default.code) : catalogue);
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    diagnostics.push({ ...diagnose('routes-failed', { reason: err.message }), detail: err.stack });
    return [];
  }
  const derived = deriveEntries(declared, catalogue, {
    templates: Object.keys(site.templates),
    root: site.root,
    trailingSlash: site.trailingSlash,
    locales: localesOf(site),
  });
  diagnostics.push(...derived.diagnostics);
  return derived.entries;
}
