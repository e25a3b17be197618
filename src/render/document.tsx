import type { ReactNode } from 'react';
import type { OgImageRef } from '../og/definition.ts';
import type { Route } from '../routes.ts';
import type { FeedLink } from '../seo/definition.ts';
import type { SiteContext } from '../site-definition.ts';
import { FeedLinks, SocialMeta } from './head.tsx';

export interface DocumentProps {
  site: SiteContext;
  route: Route;
  /** Hashed stylesheet URLs, in order. */
  styles: string[];
  /** Hashed URL of the client entry module. */
  script: string;
  /** Hashed URLs of fonts to preload. */
  fonts: string[];
  /** The page's social image (root-relative URL), if it has one. */
  og?: OgImageRef;
  /** The page's `og:type` (default `website`). */
  ogType?: string;
  /** The site's feeds, linked from every page. */
  feeds?: readonly FeedLink[];
  /** The site's own head elements for this page (JSON-LD and the like). */
  head?: ReactNode;
  children: ReactNode;
}

/** The whole HTML document around a page: head metadata, styles, and the client entry. */
export function Document({ site, route, styles, script, fonts, og, ogType = 'website', feeds = [], head, children }: DocumentProps) {
  const { data } = route.entry;
  const canonical = site.url(route.url);
  return (
    <html lang={site.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{data.title}</title>
        <meta name="description" content={data.description} />
        {route.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={canonical} />
        <SocialMeta
          siteName={site.name}
          title={data.title}
          description={data.description}
          canonical={canonical}
          type={ogType}
          image={og ? { ...og, url: site.url(og.url) } : undefined}
        />
        <FeedLinks feeds={feeds} />
        {fonts.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script type="module" src={script} />
        {head}
      </head>
      <body data-path={route.url}>{children}</body>
    </html>
  );
}
