import { createElement as h, Fragment } from 'react';
import { renderToString } from './render-to-string.ts';
import type { Catalogue } from '../content/catalogue.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { siteFrame, sourceExcerpt } from '../diagnostics/thrown-in-site.ts';
import { ImagesProvider } from '../images/context.ts';
import type { ImageManifest } from '../images/manifest.ts';
import type { Route } from '../routes/routes.ts';
import { feedLinks } from '../site/feeds.ts';
import type { PageProps, SiteDefinition } from '../site/definition.ts';
import type { SiteContext } from '../site/context.ts';
import { Document } from './document.ts';
import { markDraft, markFallback } from './draft-notice.ts';
import { BodyIslands, DeclaredIslands, UndeclaredIslandError } from './island.ts';
import { createSharedMarkup, SharedMarkupProvider, withoutLeadingHints, type SharedMarkup } from './shared-markup.ts';
import type { ReactNode } from 'react';
import { firstHeadingLine } from './body-heading.ts';
import { recordStyledElements, styledElementDiagnostics } from './styled-elements.ts';
import { allowsInlineStyle, buildCsp } from '../security/csp.ts';
import { contentBodyContext, renderContentMarkdown, renderMarkdown } from './markdown.ts';
import type { Entry } from '../content/entry.ts';
import { isMdx } from './mdx.ts';
import { mdxContent } from './mdx-content.ts';
import { mdxInlineScripts } from './mdx-inline-scripts.ts';
import { siteMdxComponents, withSiteComponents } from './mdx-components.ts';
import { headingsOf } from './headings.ts';
import { MdxImage, withMdxImages } from './mdx-images.ts';

/** The engine's components of every MDX body, which the site's of the same name replace. */
const ENGINE_MDX = { img: MdxImage };
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';
import { inLocale } from '../content/catalogue.ts';
import { localesOf, type Locale, type Locales } from '../i18n/locales.ts';
import { localizedFeeds } from '../site/localized-feeds.ts';
import { dateFormatter, pageLocale, translator, UnknownUiStringError, type Translation } from '../i18n/page-locale.ts';
import { translationsOf } from './translations.ts';

/** Hashed URLs of what pages link to. */
export interface AssetManifest {
  /** The client entry module; none when the site asks for no JavaScript (no islands, no startup modules, document navigation). */
  script?: string;
  /** Stylesheets by the name the site gave them. */
  styles: Record<string, string>;
  /** Font files referenced by the stylesheets, for preloading. */
  fonts: string[];
  /**
   * The text of each stylesheet by its URL, when the site writes them into its pages
   * (`SiteDefinition.inlineStyles`); the files are written too, for client-side navigations.
   */
  inline?: Record<string, string>;
  /** The stylesheet of the code highlighting's themes, linked from the pages that show highlighted code (none when highlighting is off). */
  code?: string;
}

/** How highlighted code starts (see `render/highlight.ts`, and `code-meta.ts` with more classes): a page showing some links the code themes' stylesheet. */
const HIGHLIGHTED = /<pre class="shiki[" ]/;

export interface RenderContext {
  site: SiteDefinition;
  siteContext: SiteContext;
  catalogue: Catalogue;
  assets: AssetManifest;
  /** Every image `<Img>`-like components may look up (see `prepareImages`): plain data, so a worker can receive it. */
  images: ImageManifest;
  /** The module of each MDX entry by its file (see `bundleMdx`), imported before pages render (`loadMdxContent`). */
  mdx?: Record<string, string>;
}

/** Renders one route to a full HTML document, or a diagnostic naming the route and template. */
export function renderPage(
  route: Route,
  context: RenderContext,
  shared = sharedMarkupOf(context),
): { html?: string; diagnostics: Diagnostic[] } {
  try {
    const body = renderBody(route, context, shared);
    if ('failed' in body) return { diagnostics: body.failed };
    const page = pageOf(route, context, body);
    const { value: html, styled } = recordStyledElements(() => renderDocument(route, context, shared, page));
    if (styled.length && !styleAttributesAllowed(context.site)) return { diagnostics: styledElementDiagnostics(styled) };
    const filled = shared.fill(html);
    const headings = headingCountProblem(route, filled);
    if (headings) return { diagnostics: [...body.diagnostics, headings] };
    const { locale, locales } = page;
    const marked = route.entry.fallbackOf ? markFallback(filled, locale, locales.default) : filled;
    return { html: route.entry.draft ? markDraft(marked, locale.lang) : marked, diagnostics: body.diagnostics };
  } catch (error) {
    return { diagnostics: [renderFailure(error, route, context.site)] };
  }
}

/** A page's body as HTML: its MDX as its components render it, or its Markdown. */
interface RenderedBody {
  Content: ReturnType<typeof siteMdxContent>;
  html: string;
  /** Warnings (an image without alt text): they leave the page to be rendered. */
  diagnostics: Diagnostic[];
}

/** Renders the page's body, or says why the page cannot be rendered (errors in the body, scripts in its MDX). */
function renderBody(route: Route, context: RenderContext, shared: SharedMarkup): RenderedBody | { failed: Diagnostic[] } {
  const Content = siteMdxContent(route.entry, context, 'page');
  if (isMdx(route.entry) && !Content) throw new Error(`The MDX module of ${route.entry.file} was not loaded before rendering.`);
  // MDX is rendered with the page's contexts (images, islands), its islands' markup shared like the template's.
  const body = Content
    ? {
        html: withoutLeadingHints(
          renderToString(h(SharedMarkupProvider, { value: shared, children: withPageContexts(context, h(Content)) })),
        ),
        diagnostics: [],
      }
    : renderContentMarkdown(route.entry.body, route.entry, context.site.markdown, context.images);
  // What MDX renders may hold no script of its own: the Content-Security-Policy hashes every inline script of a page.
  const scripts = Content ? mdxInlineScripts(shared.expand(body.html), route.entry) : [];
  // Its shared markup is filled in (and dropped) with the page: the next page starts with none pending.
  if (scripts.length) {
    shared.fill(body.html);
    return { failed: scripts };
  }
  // Warnings (an image without alt text) leave the page to be rendered; errors stop it.
  if (hasErrors(body.diagnostics)) return { failed: body.diagnostics };
  return { Content, html: body.html, diagnostics: body.diagnostics };
}

/** What the page's template, layout and head are given, with the page's locale and translations. */
interface PageOf {
  props: PageProps;
  locales: Locales;
  locale: Locale;
  translations: Translation[];
  bodyHtml: string;
}

function pageOf(route: Route, context: RenderContext, body: RenderedBody): PageOf {
  const { site, siteContext, catalogue } = context;
  const locales = localesOf(site);
  const locale = locales.get(route.entry.locale) ?? locales.default;
  // A page lists its own locale's entries; a single-locale site's catalogue is left as it is.
  const pageCatalogue = locales.multilingual ? inLocale(catalogue, locale.code) : catalogue;
  const translations = translationsOf(route.entry, pageCatalogue, locales, site.trailingSlash);
  const props: PageProps = {
    entry: route.entry,
    html: body.html,
    headings: headingsOf(body.html),
    Content: body.Content,
    catalogue: pageCatalogue,
    route,
    site: siteContext,
    locale: pageLocale(locale, locales, site.trailingSlash),
    translations,
    formatDate: dateFormatter(locale),
    t: translator(site.i18n, locale.code),
  };
  return { props, locales, locale, translations, bodyHtml: body.html };
}

/** The whole document of a page: its template in the site's layout, with the head the engine writes. */
function renderDocument(route: Route, context: RenderContext, shared: SharedMarkup, page: PageOf): string {
  const { site, siteContext, assets } = context;
  const { props, locales, locale, translations, bodyHtml } = page;
  const template = site.templates[route.template]!;
  const Layout = site.layout;
  const Page = template.component;
  const Head = site.head;
  return (
    '<!DOCTYPE html>' +
    renderToString(
      h(SharedMarkupProvider, {
        value: shared,
        children: withPageContexts(
          context,
          h(Document, {
            site: siteContext,
            route,
            locale: locales.multilingual || locale.dir === 'rtl' ? locale : undefined,
            // A page shown in place of a missing translation is no translation: its canonical is the original's.
            alternates: route.entry.fallbackOf ? [] : alternatesOf(translations, locales.default.code),
            styles: [
              ...template.styles.map((name) => assets.styles[name]!),
              ...(assets.code && HIGHLIGHTED.test(bodyHtml) ? [assets.code] : []),
            ].map((href) => ({ href, css: assets.inline?.[href] })),
            script: assets.script
              ? { src: assets.script, always: site.navigation === 'client' || Object.keys(site.startup ?? {}).length > 0 }
              : undefined,
            fonts: assets.fonts,
            og: siteContext.ogImage(route.entry.url),
            ogType: site.og?.type?.(route.entry) ?? 'website',
            // A multilingual page links its own locale's feeds.
            feeds: feedLinks(
              localizedFeeds(site.feeds, locales)
                .filter((localized) => localized.locale === locale)
                .map((localized) => localized.feed),
            ),
            favicon: site.favicon,
            head: Head ? h(Head, props) : null,
            children: withBodyIslands(bodyIslands(site, bodyHtml), h(Layout, { ...props, children: h(Page, props) })),
          }),
        ),
      }),
    )
  );
}

/** A page must have exactly one h1; an extra one is most often a `#` in the Markdown: pointed at, else the file. */
function headingCountProblem(route: Route, html: string): Diagnostic | undefined {
  const headings = html.match(/<h1[\s>]/g)?.length ?? 0;
  if (headings === 1) return undefined;
  const written = headings > 1 ? firstHeadingLine(route.entry.body) : undefined;
  return {
    ...diagnose('heading-count', { url: route.url, template: route.template, headings }),
    file: route.entry.file,
    line: written === undefined ? 1 : written + route.entry.bodyLine - 1,
    expected: phrase('one-h1'),
    actual: String(headings),
  };
}

/** What a page's rendering threw, said at the site's code that threw it when a frame is the site's. */
function renderFailure(error: unknown, route: Route, site: SiteDefinition): Diagnostic {
  if (error instanceof UndeclaredIslandError) return undeclaredIsland(error, route);
  if (error instanceof UnknownUiStringError) {
    const frame = siteFrame(error);
    return {
      ...diagnose('unknown-ui-string', { key: error.key, suggestion: error.suggestion }),
      ...(frame ? { ...frame, excerpt: sourceExcerpt(frame) } : { file: route.entry.file, line: 1 }),
      page: route.url,
      field: 'i18n.strings',
      expected: phrase('ui-string-key', { locale: localesOf(site).default.code }),
      actual: JSON.stringify(error.key),
    };
  }
  const err = error instanceof Error ? error : new Error(String(error));
  // At the line of the site's component that threw, with its source; the content file when no frame is the site's.
  const frame = siteFrame(err);
  const at = frame ? { ...frame, excerpt: sourceExcerpt(frame) } : { file: route.entry.file, line: 1 };
  return {
    ...diagnose('render-failed', { template: route.template, reason: err.message }),
    ...at,
    // The page is where, not what: the same error on many pages is then reported once (see `groupDiagnostics`).
    page: route.url,
    detail: err.stack,
  };
}

/**
 * A mistake of the site's definition found on a page: reported at the page here, and at the
 * site's `islands` once the pages are in (see `atSiteField` in pages.ts), since a worker cannot read
 * the site module.
 */
function undeclaredIsland(error: UndeclaredIslandError, route: Route): Diagnostic {
  return {
    ...diagnose('undeclared-island', { template: route.template, island: error.island, suggestion: error.suggestion }),
    file: route.entry.file,
    line: 1,
    page: route.url,
    field: 'islands',
    expected: error.declared.length ? phrase('one-of', { values: error.declared.join(', ') }) : phrase('declared-island'),
    actual: JSON.stringify(error.island),
  };
}

/** The `hreflang` alternates of a page: each translation it has (itself among them), and `x-default`, the default locale's, when it has one. */
function alternatesOf(translations: readonly Translation[], defaultLocale: string): Array<{ hreflang: string; url: string }> {
  const present = translations.filter((translation) => !translation.missing);
  if (present.length === 0) return [];
  const fallback = present.find((translation) => translation.locale.code === defaultLocale);
  return [
    ...present.map((translation) => ({ hreflang: translation.locale.lang, url: translation.url })),
    ...(fallback ? [{ hreflang: 'x-default', url: fallback.url }] : []),
  ];
}

/** An entry's body as HTML for feeds: Markdown with the site's settings (relative URLs resolved, one variant per image), or MDX as its components render it. */
export function bodyHtml(entry: Entry, context: RenderContext): string {
  const Content = siteMdxContent(entry, context, 'feed');
  return Content
    ? withoutLeadingHints(renderToString(withPageContexts(context, h(Content))))
    : renderMarkdown(entry.body, context.site.markdown, contentBodyContext(entry, context.images, 'feed'));
}

/** The islands the engine wrote into a body: the copy button of code blocks, when the site has one and the body shows it. */
function bodyIslands(site: SiteDefinition, html: string): string[] {
  const name = site.markdown?.shiki?.copyButton;
  return name && html.includes(`data-island="${name}"`) ? [name] : [];
}

function withBodyIslands(names: string[], page: ReactNode): ReactNode {
  return names.length ? [h(BodyIslands, { key: 'body-islands', names }), h(Fragment, { key: 'page' }, page)] : page;
}

/** An MDX entry's body as a component drawn with the site's MDX components (undefined for Markdown, or before it is loaded). */
function siteMdxContent(entry: Entry, context: RenderContext, mode: 'page' | 'feed') {
  const Content = isMdx(entry) ? mdxContent(context.mdx, entry.file) : undefined;
  return Content && withMdxImages(withSiteComponents(Content, siteMdxComponents(context.site.markdown), ENGINE_MDX), context.images, mode);
}

const sharedMarkups = new WeakMap<RenderContext, SharedMarkup>();

/** The shared markup of a build (see `shared-markup.ts`): one per render context, made on its first page. */
export function sharedMarkupOf(context: RenderContext): SharedMarkup {
  let shared = sharedMarkups.get(context);
  if (!shared) sharedMarkups.set(context, (shared = createSharedMarkup((node) => withPageContexts(context, node))));
  return shared;
}

/** What every page, and everything rendered on its own for pages, sees: the images, and the islands the site declares. */
function withPageContexts(context: RenderContext, node: ReactNode): ReactNode {
  return h(ImagesProvider, { manifest: context.images, children: h(DeclaredIslands, { value: Object.keys(context.site.islands) }, node) });
}

/** Whether the site's Content-Security-Policy lets style attributes through (`'unsafe-inline'` in `style-src`). */
function styleAttributesAllowed(site: SiteDefinition): boolean {
  try {
    return allowsInlineStyle(buildCsp(site.security?.csp));
  } catch {
    // A malformed policy is the headers stage's to report.
    return false;
  }
}
