import { createElement as h, useContext, type ReactNode } from 'react';
import type { OgImageRef } from '../site/social-images.ts';
import type { Route } from '../routes/routes.ts';
import type { FeedLink } from '../site/feeds.ts';
import type { SiteContext } from '../site/context.ts';
import { CLIENT_BOOTSTRAP, ENTRY_ATTRIBUTE } from './client-bootstrap.ts';
import { FeedLinks, SocialMeta } from './head.ts';
import { RenderedIslands } from './island.ts';

export interface DocumentProps {
  site: SiteContext;
  route: Route;
  /** Hashed stylesheet URLs, in order, each with its text when it is written into the page (`SiteDefinition.inlineStyles`). */
  styles: ReadonlyArray<{ href: string; css?: string }>;
  /**
   * Hashed URL of the client entry module, none when the site ships no JavaScript; `always`
   * when every page needs it (startup modules, client navigation), else only pages with islands do.
   */
  script?: { src: string; always: boolean };
  /** Hashed URLs of fonts to preload. */
  fonts: string[];
  /** The page's social image (root-relative URL), if it has one. */
  og?: OgImageRef;
  /** The page's `og:type` (default `website`). */
  ogType?: string;
  /** The site's feeds, linked from every page. */
  feeds?: readonly FeedLink[];
  /** The site's icon, a root-relative URL (none when undefined). */
  favicon?: string;
  /** The site's own head elements for this page (JSON-LD and the like). */
  head?: ReactNode;
  /** The page's locale, giving `<html lang dir>` (undefined: the site's `lang`, no `dir`, as a single-locale left-to-right site's pages have). */
  locale?: { lang: string; dir: 'ltr' | 'rtl' };
  /** The page's translations as `<link rel="alternate" hreflang>`, root-relative (none for a single-locale site). */
  alternates?: ReadonlyArray<{ hreflang: string; url: string }>;
  children: ReactNode;
}

/** The whole HTML document around a page: head metadata, styles, and the bootstrap that fetches the client entry, when the page needs it. */
export function Document({
  site,
  route,
  styles,
  script,
  fonts,
  og,
  ogType = 'website',
  feeds = [],
  favicon,
  head,
  locale,
  alternates = [],
  children,
}: DocumentProps) {
  const { data } = route.entry;
  // A page shown in place of a missing translation names the original as canonical (see `i18n.fallback`).
  const canonical = site.url(route.entry.fallbackOf ?? route.url);
  return h(
    'html',
    locale ? { lang: locale.lang, dir: locale.dir } : { lang: site.lang },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, data.title),
      data.description ? h('meta', { name: 'description', content: data.description }) : null,
      route.noindex ? h('meta', { name: 'robots', content: 'noindex' }) : null,
      h('link', { rel: 'canonical', href: canonical }),
      alternates.map(({ hreflang, url }) => h('link', { key: hreflang, rel: 'alternate', hrefLang: hreflang, href: site.url(url) })),
      h(SocialMeta, {
        siteName: site.name,
        title: data.title,
        description: data.description,
        canonical,
        type: ogType,
        image: og ? { ...og, url: site.url(og.url) } : undefined,
      }),
      h(FeedLinks, { feeds }),
      fonts.map((href) => h('link', { key: href, rel: 'preload', href, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' })),
      // An inline stylesheet keeps its URL in data-href: the router links that file when another page needs it.
      styles.map(({ href, css }) =>
        css === undefined
          ? h('link', { key: href, rel: 'stylesheet', href })
          : h('style', { key: href, 'data-href': href, dangerouslySetInnerHTML: { __html: css } }),
      ),
      favicon ? h('link', { rel: 'icon', href: favicon, type: iconType(favicon) }) : null,
      head,
    ),
    h(
      'body',
      { 'data-path': route.url },
      script ? h(RenderedIslands, { value: new Set<string>() }, children, h(Bootstrap, script)) : children,
    ),
  );
}

/**
 * The bootstrap (render/client-bootstrap.ts), after everything else in the body, so it knows
 * whether the page rendered an island. An inline module runs once the document is parsed wherever
 * it stands, so here it runs when it did in the head.
 */
function Bootstrap({ src, always }: { src: string; always: boolean }) {
  const islands = useContext(RenderedIslands);
  if (!always && !islands?.size) return null;
  return h('script', { type: 'module', [ENTRY_ATTRIBUTE]: src, dangerouslySetInnerHTML: { __html: CLIENT_BOOTSTRAP } });
}

const ICON_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', webp: 'image/webp' };

/** The media type of an icon, by its extension (browsers skip an icon whose type they cannot show). */
function iconType(href: string): string | undefined {
  return ICON_TYPES[href.split(/[?#]/)[0]!.split('.').pop()!.toLowerCase()];
}
