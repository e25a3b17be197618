import type { ComponentType, ReactNode } from 'react';
import type { Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';
import type { BaseData, Heading } from '../content/entry.ts';
import type { SiteContext } from './context.ts';
import type { DerivedRoute, Route } from '../content/entry.ts';
import type { SocialImages } from './social-images.ts';
import type { FeedDefinition, RobotsDefinition } from './feeds.ts';
import type { ImageSettings } from './image-options.ts';
import type { SecurityDefinition } from '../security/headers.ts';
import type { DeployDefinition } from '../security/host-files.ts';
import type { SiteLocator } from './locate.ts';
import type { CollectionDefinition } from '../content/collection.ts';
import type { MarkdownDefinition } from './markdown-options.ts';
import type { TrailingSlash } from '../core/urls.ts';
import type { I18nDefinition, Translate } from '../i18n/definition.ts';
import type { PageLocale, Translation } from '../i18n/page-locale.ts';
import type { SearchOptions } from './search-options.ts';

export type { SearchFields, SearchOptions } from './search-options.ts';
// A collection is declared here but defined with the content it describes.
export type { CollectionDefinition, ContentFile } from '../content/collection.ts';

/**
 * What runs a site's islands in the browser. Islands are written against React's API and rendered
 * on the server by react-dom/server either way.
 * - `'react'` (the default): React 19's own client, `react-dom/client`. About 67 KB of gzip.
 * - `'preact'`: preact/compat, which implements React's API over Preact. About 10 KB of gzip,
 *   but it is not React: what relies on React's own behaviour (concurrent rendering and
 *   transitions, Suspense while hydrating, `useId` matching the server's, form actions, React's
 *   event system and its exact effect timing) may differ or break, in the browser only.
 */
export type ClientRuntime = 'react' | 'preact';

/** How a site's islands run in the browser (`SiteDefinition.client`). */
export interface ClientDefinition {
  /** `'react'` (default) or `'preact'`: see `ClientRuntime`. */
  runtime?: ClientRuntime;
}

/** What a page template receives; `K`, the keys `t()` takes (`UiStringKey<typeof strings>`, default any string). */
export interface PageProps<T extends BaseData = BaseData, K extends string = string> {
  entry: Entry<T>;
  /** The entry's body rendered to HTML: Markdown sanitized, MDX as its components render it. */
  html: string;
  /** The body's headings in order (depth, text, id), for a table of contents. */
  headings: Heading[];
  /** An MDX entry's body as a component, for a template that would rather render `<Content />` than `html` (undefined for Markdown). */
  Content?: ComponentType;
  catalogue: Catalogue;
  route: Route;
  site: SiteContext;
  /** The page's locale: its code, name, direction and language tag (a site without `i18n` has one, its `lang`). */
  locale: PageLocale;
  /**
   * The page in every locale of the site, in the order `i18n.locales` declares them, for a
   * language switcher: each its locale, URL and title; one the page lacks leads to that locale's
   * home and says `missing: true`; the page itself says `current: true`.
   */
  translations: readonly Translation[];
  /** A date (`2024-05-01`, an ISO time or a `Date`) written for the page's locale by `Intl.DateTimeFormat` (default `{ dateStyle: 'long' }`, in UTC). */
  formatDate: (date: string | Date, options?: Intl.DateTimeFormatOptions) => string;
  /** The site's interface word for a key in the page's locale (`t('nav.home')`), from `i18n.strings`; `{name}` placeholders are filled from `values`. */
  t: Translate<K>;
}

/** What the site layout receives: the page's props and the rendered page; `K` as in `PageProps`. */
export interface LayoutProps<K extends string = string> extends PageProps<BaseData, K> {
  children: ReactNode;
}

/** A page template: its component, and the stylesheets it needs. `T` is the data of the entries it draws (see `defineTemplate`). */
export interface TemplateDefinition<T extends BaseData = any> {
  component: ComponentType<PageProps<T>>;
  /** Names of stylesheets (keys of `SiteDefinition.styles`) this template needs, in order. */
  styles: string[];
}

/** How links between the site's pages are followed (`SiteDefinition.navigation`). */
export type NavigationMode = 'client' | 'document';

/** Everything the engine needs to know about one site. */
export interface SiteDefinition {
  name: string;
  /** The language of the site's pages, in `<html lang>` (a multilingual site's pages have their locale's instead). */
  lang: string;
  /** The locales of a site in several languages: content per locale, routes, `hreflang`, interface words (see docs/multilingual.md). */
  i18n?: I18nDefinition;
  /** The default origin; `--origin` and `SITE_ORIGIN` override it. */
  origin: string;
  /** The project root (see `SiteInput`: a loaded site's is absolute). Relative paths of the definition are read from it. */
  root: string;
  /** The content folder (Markdown and images). */
  contentDir: string;
  /** The folder of files copied to the output as they are (fonts, the favicon). */
  publicDir?: string;
  /** The site's icon: the root-relative URL of an SVG, PNG or ICO file in the public or content folder, e.g. `/favicon.svg` (default: none). */
  favicon?: string;
  collections: CollectionDefinition<any>[];
  templates: Record<string, TemplateDefinition>;
  layout: ComponentType<LayoutProps>;
  /** Stylesheet entry files by name; each becomes one content-hashed CSS file. */
  styles: Record<string, string>;
  /**
   * Write each page's stylesheets into its `<head>` as `<style>` elements (allowed by their
   * hashes in the Content-Security-Policy) instead of linking them (default false). A first visit
   * then paints with no request beyond the HTML; every page carries its CSS, uncached. For small
   * stylesheets: the files are still written, and client-side navigations link them.
   */
  inlineStyles?: boolean;
  /** Island modules by name; each default-exports a React component. */
  islands: Record<string, string>;
  /** Browser modules run once on every page before islands hydrate (consent, analytics); an error in one is only logged. */
  startup?: Record<string, string>;
  /** What runs the islands in the browser: React 19 (default) or preact/compat (`{ runtime: 'preact' }`, smaller; see `ClientRuntime`). */
  client?: ClientDefinition;
  /**
   * How a link to another page of the site is followed (default `'document'`): `'document'` lets
   * the browser load the page, and a site without islands or startup modules then ships no
   * JavaScript at all; `'client'` fetches the page and swaps it in without a reload (the whole
   * body and head, islands that stay the same kept alive), animated by the View Transitions API
   * where the browser has it. See docs/navigation.md.
   */
  navigation?: NavigationMode;
  /**
   * Pages derived from the content rather than written as files (tag pages, archives), asked for
   * once per build with the catalogue of content entries. They join the catalogue, so layouts,
   * breadcrumbs and the sitemap see them; a URL a content file already has is an error.
   */
  routes?: (catalogue: Catalogue) => readonly DerivedRoute<any>[];
  /**
   * Whether page URLs end in a slash: `'never'` (`/blog/post`, the default) or `'always'`
   * (`/blog/post/`). Either way a page is written as `blog/post/index.html`; entries' URLs,
   * canonical links, the sitemap and feeds use the style, the link check reports a link to a
   * page in the other style (`trailing-slash`), and `site serve` redirects to the style.
   */
  trailingSlash?: TrailingSlash;
  /**
   * Links between pages. `external` names URL paths of this origin that another site serves (a
   * partial port whose `/reference/**` still lives on the old site, an API reference deployed
   * apart): globs as collections' `include` takes them, each starting with `/`. A link to a
   * matching path is not checked as the site's own, and the build's summary counts such links
   * apart from the others (see docs/documentation-sites.md).
   */
  links?: { external?: readonly string[] };
  /**
   * The URL of the page whose HTML is also written as `404.html` (default: the page at `/404` if
   * the site has one, else a plain page of the engine's). A page named here must exist.
   */
  notFound?: string;
  /** Social preview images, one per page, drawn with satori or named by hand (default: none). */
  og?: SocialImages;
  /** Extra elements for each page's `<head>`, such as JSON-LD (`<JsonLd>`); rendered after the engine's own. */
  head?: ComponentType<PageProps<any>>;
  /** Feeds of a collection, each published as RSS 2.0 and Atom and linked from every page (default: none). */
  feeds?: FeedDefinition[];
  /** Write `sitemap.xml` listing every visible page (default true). */
  sitemap?: boolean;
  /** What `robots.txt` says; false writes none (default: allow everything, and name the sitemap). */
  robots?: RobotsDefinition | false;
  /** How raster images become responsive variants: widths and quality per format (default: `DEFAULT_IMAGE_OPTIONS`). */
  images?: ImageSettings;
  /**
   * Old URL paths and where they now are: `{ '/old-path': '/new-path' }`. The build writes a
   * `_redirects` file (Netlify, Cloudflare Pages) and, for hosts that read none, a page at each
   * old path sending the visitor on. Each target must be a page of the build, each source none.
   */
  redirects?: Record<string, string>;
  /** Extra Content-Security-Policy sources and HSTS preload for the `_headers` file and `site serve` (default: the engine's strict policy). */
  security?: SecurityDefinition;
  /**
   * The hosts the site is deployed to, so the build writes the header file each reads beside
   * `_headers`: `vercel.json`, `_headers.nginx.conf`, `_headers.Caddyfile` (default: Netlify and
   * Cloudflare Pages, which read `_headers`). See docs/deploy.md.
   */
  deploy?: DeployDefinition;
  /** The site's own remark and rehype plugins, and how code is highlighted (default: no plugins, highlighting on; see `MarkdownDefinition`). */
  markdown?: MarkdownDefinition;
  /**
   * A search of the site's pages in the browser, with no server (default off): `site build` indexes
   * every published, indexable page with Pagefind into `/pagefind/`, and a layout places the
   * `stillsite/search` island where `site.search` says it is on. `true`, or options: what else to
   * leave out, filters and metadata from front matter. See docs/search.md.
   */
  search?: boolean | SearchOptions;
}

/** A site's code as the engine loaded it (see `site/code.ts`). */
export interface SiteCode {
  /** The bundle of the site definition and everything it imports: workers import it to get the same templates. */
  module: string;
  /** A hash of that code: a build reuses nothing of one made with other code. */
  hash: string;
  /** Every file of the site's code. */
  files: string[];
}

/** A site as the engine builds it: its definition and, when it was loaded from a module (see `loadSite`), its code. */
export interface Site extends SiteDefinition {
  code?: SiteCode;
  /** Where a field of the definition is written, for messages (set by `loadSite`). */
  locate?: SiteLocator;
}

/**
 * A site definition as its module may write it: `root` may be left out (the project folder, where
 * `site` runs or `--root`), and every file and folder (contentDir, publicDir, styles, islands,
 * startup, og templates and fonts) may be relative to it. `loadSite` checks it and makes them absolute.
 */
export type SiteInput = Omit<SiteDefinition, 'root'> & { root?: string };

/** Declares a site; returns it unchanged, typed. With a `root`, it is a `SiteDefinition` that `build` takes as it is. */
export function defineSite(site: SiteDefinition): SiteDefinition;
export function defineSite(site: SiteInput): SiteInput;
export function defineSite(site: SiteInput): SiteInput {
  return site;
}

/** Declares a collection; returns it unchanged, typed by the data its schema gives (see `CollectionData`). */
export function defineCollection<T extends BaseData>(collection: CollectionDefinition<T>): CollectionDefinition<T> {
  return collection;
}

/** The data of a collection's entries, as its schema gives it: `CollectionData<typeof posts>`. */
export type CollectionData<C> = C extends CollectionDefinition<infer T> ? T : never;

/** What a template of a collection receives, with `entry.data` typed by the collection's schema: `TemplateProps<typeof posts>` (`K` as in `PageProps`). */
export type TemplateProps<C, K extends string = string> = PageProps<CollectionData<C>, K>;

/**
 * Declares a template for the entries of one collection; returns it unchanged. Its component's
 * props are typed by the collection's schema: written in place, its `entry.data` is inferred;
 * written elsewhere (`function PostPage(props: TemplateProps<typeof posts>)`), it must accept
 * that data, so a template wired to the wrong collection does not compile.
 *
 * @example
 * const posts = defineCollection({
 *   name: 'posts',
 *   include: ['posts/*.md'],
 *   schema: (h) => z.object({ title: z.string(), description: z.string(), date: h.date() }),
 *   template: 'post',
 * });
 * const post = defineTemplate(posts, {
 *   component: ({ entry }) => <h1>{entry.data.title}, {entry.data.date}</h1>,
 *   styles: ['main'],
 * });
 * export default defineSite({ ..., collections: [posts], templates: { post } });
 */
export function defineTemplate<T extends BaseData>(
  collection: CollectionDefinition<T>,
  template: TemplateDefinition<T>,
): TemplateDefinition<T> {
  // The collection is there for its type: it is what types the component's props.
  void collection;
  return template;
}
