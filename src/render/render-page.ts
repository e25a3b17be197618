import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import type { AssetManifest } from '../assets/bundle.ts';
import type { Tracker } from '../incremental/tracking.ts';
import type { Catalogue } from '../content/catalogue.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { ImagesProvider } from '../images/context.ts';
import type { ImageManifest } from '../images/manifest.ts';
import type { Route } from '../routes/routes.ts';
import { feedLinks } from '../seo/definition.ts';
import type { PageProps, SiteDefinition } from '../site/definition.ts';
import type { SiteContext } from '../site/context.ts';
import { Document } from './document.ts';
import { markDraft } from './draft-notice.ts';
import { DeclaredIslands, UndeclaredIslandError } from './island.ts';
import { createSharedMarkup, SharedMarkupProvider, type SharedMarkup } from './shared-markup.ts';
import type { ReactNode } from 'react';
import { renderContentMarkdown } from './markdown.ts';

export interface RenderContext {
  site: SiteDefinition;
  siteContext: SiteContext;
  catalogue: Catalogue;
  assets: AssetManifest;
  /** Every image `<Img>`-like components may look up (see `prepareImages`): plain data, so a worker can receive it. */
  images: ImageManifest;
}

/** A page rendered with a record of what it read about other pages (see `cache/facts.ts`). */
export interface TrackedPage {
  html?: string;
  diagnostics: Diagnostic[];
  reads: Set<string>;
}

/** Renders one route through `tracker`'s catalogue and site context, so the facts it reads are known. */
export function renderTracked(route: Route, context: RenderContext, tracker: Tracker): TrackedPage {
  const tracked: RenderContext = { ...context, catalogue: tracker.catalogue, siteContext: tracker.siteContext };
  const shared = sharedMarkupOf(context);
  const { value, reads } = tracker.record(route.entry.url, () => renderPage({ ...route, entry: tracker.entry(route.entry) }, tracked, shared));
  return { ...value, reads };
}

/** Renders one route to a full HTML document, or a diagnostic naming the route and template. */
export function renderPage(route: Route, context: RenderContext, shared = sharedMarkupOf(context)): { html?: string; diagnostics: Diagnostic[] } {
  const { site, siteContext, catalogue, assets } = context;
  const template = site.templates[route.template]!;
  try {
    const body = renderContentMarkdown(route.entry.body, route.entry);
    if (body.diagnostics.length) return { diagnostics: body.diagnostics };
    const props: PageProps = { entry: route.entry, html: body.html, catalogue, route, site: siteContext };
    const Layout = site.layout;
    const Page = template.component;
    const Head = site.head;
    const html =
      '<!DOCTYPE html>' +
      renderToString(
        h(SharedMarkupProvider, {
          value: shared,
          children: withPageContexts(
            context,
            h(Document, {
              site: siteContext,
              route,
              styles: template.styles.map((name) => ({ href: assets.styles[name]!, css: assets.inline?.[assets.styles[name]!] })),
              script: assets.script,
              fonts: assets.fonts,
              og: siteContext.ogImage(route.entry.url),
              ogType: site.og?.type?.(route.entry) ?? 'website',
              feeds: feedLinks(site.feeds),
              favicon: site.favicon,
              head: Head ? h(Head, props) : null,
              children: h(Layout, { ...props, children: h(Page, props) }),
            }),
          ),
        }),
      );
    const filled = shared.fill(html);
    const headings = filled.match(/<h1[\s>]/g)?.length ?? 0;
    if (headings !== 1) {
      return {
        diagnostics: [
          {
            code: 'heading-count',
            severity: 'error',
            file: route.entry.file,
            line: 1,
            message: `The page ${route.url} (template "${route.template}") has ${headings} h1 headings; a page has exactly one.`,
            expected: '1 h1',
            actual: String(headings),
            hint: headings > 1 ? 'Use ## for sections in Markdown; the template draws the h1.' : 'The template must draw the h1.',
          },
        ],
      };
    }
    return { html: route.entry.draft ? markDraft(filled) : filled, diagnostics: [] };
  } catch (error) {
    if (error instanceof UndeclaredIslandError) return { diagnostics: [undeclaredIsland(error, route)] };
    const err = error instanceof Error ? error : new Error(String(error));
    return {
      diagnostics: [
        {
          code: 'render-failed',
          severity: 'error',
          file: route.entry.file,
          line: 1,
          // The page is where, not what: the same error on many pages is then reported once (see `groupDiagnostics`).
          page: route.url,
          message: `The template "${route.template}" threw: ${err.message}`,
          hint: 'Run with --verbose to see the stack.',
          detail: err.stack,
        },
      ],
    };
  }
}

/**
 * A mistake of the site's definition found on a page: reported at the page here, and at the
 * site's `islands` once the pages are in (see `atSiteField` in pages.ts), since a worker cannot read
 * the site module.
 */
function undeclaredIsland(error: UndeclaredIslandError, route: Route): Diagnostic {
  return {
    code: 'undeclared-island',
    severity: 'error',
    file: route.entry.file,
    line: 1,
    page: route.url,
    field: 'islands',
    message: `the template "${route.template}" renders an island the site does not declare, so it would never hydrate`,
    expected: error.declared.length ? `one of ${error.declared.join(', ')}` : 'an island declared in islands (it declares none)',
    actual: JSON.stringify(error.island),
    hint: error.suggestion ? `did you mean "${error.suggestion}"?` : `Declare it: islands: { ${error.island}: 'islands/${error.island}.tsx' }.`,
  };
}

const sharedMarkups = new WeakMap<RenderContext, SharedMarkup>();

/** The shared markup of a build (see `shared-markup.ts`): one per render context, made on its first page. */
function sharedMarkupOf(context: RenderContext): SharedMarkup {
  let shared = sharedMarkups.get(context);
  if (!shared) sharedMarkups.set(context, (shared = createSharedMarkup((node) => withPageContexts(context, node))));
  return shared;
}

/** What every page, and everything rendered on its own for pages, sees: the images, and the islands the site declares. */
function withPageContexts(context: RenderContext, node: ReactNode): ReactNode {
  return h(ImagesProvider, { manifest: context.images, children: h(DeclaredIslands, { value: Object.keys(context.site.islands) }, node) });
}
