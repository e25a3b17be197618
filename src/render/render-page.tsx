import { renderToString } from 'react-dom/server';
import type { AssetManifest } from '../assets.ts';
import type { Catalogue } from '../catalogue.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { Route } from '../routes.ts';
import { feedLinks } from '../seo/definition.ts';
import type { PageProps, SiteContext, SiteDefinition } from '../site-definition.ts';
import type { OutputFile } from '../write.ts';
import { Document } from './document.tsx';
import { renderMarkdown } from './markdown.ts';

export interface RenderContext {
  site: SiteDefinition;
  siteContext: SiteContext;
  catalogue: Catalogue;
  assets: AssetManifest;
}

/** Renders every route, adding each failure to `diagnostics`; returns the pages that rendered. */
export function renderPages(routes: readonly Route[], context: RenderContext, diagnostics: Diagnostic[]): OutputFile[] {
  return routes.flatMap((route) => {
    const page = renderPage(route, context);
    diagnostics.push(...page.diagnostics);
    return page.html ? [{ path: route.outPath, contents: page.html }] : [];
  });
}

/** Renders one route to a full HTML document, or a diagnostic naming the route and template. */
export function renderPage(route: Route, context: RenderContext): { html?: string; diagnostics: Diagnostic[] } {
  const { site, siteContext, catalogue, assets } = context;
  const template = site.templates[route.template]!;
  try {
    const props: PageProps = { entry: route.entry, html: renderMarkdown(route.entry.body), catalogue, route, site: siteContext };
    const Layout = site.layout;
    const Page = template.component;
    const Head = site.head;
    const html =
      '<!DOCTYPE html>' +
      renderToString(
        <Document
          site={siteContext}
          route={route}
          styles={template.styles.map((name) => assets.styles[name]!)}
          script={assets.script}
          fonts={assets.fonts}
          og={siteContext.ogImage(route.entry.url)}
          ogType={site.og?.type?.(route.entry) ?? 'website'}
          feeds={feedLinks(site.feeds)}
          head={Head ? <Head {...props} /> : null}
        >
          <Layout {...props}>
            <Page {...props} />
          </Layout>
        </Document>,
      );
    const headings = html.match(/<h1[\s>]/g)?.length ?? 0;
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
    return { html, diagnostics: [] };
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    return {
      diagnostics: [
        {
          code: 'render-failed',
          severity: 'error',
          file: route.entry.file,
          line: 1,
          message: `The template "${route.template}" threw while rendering ${route.url}: ${err.message}`,
          hint: 'Run with --verbose to see the stack.',
          detail: err.stack,
        },
      ],
    };
  }
}
