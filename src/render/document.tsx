import type { ReactNode } from 'react';
import type { Route } from '../routes.ts';
import type { SiteContext } from '../site-definition.ts';

export interface DocumentProps {
  site: SiteContext;
  route: Route;
  /** Hashed stylesheet URLs, in order. */
  styles: string[];
  /** Hashed URL of the client entry module. */
  script: string;
  /** Hashed URLs of fonts to preload. */
  fonts: string[];
  children: ReactNode;
}

/** The whole HTML document around a page: head metadata, styles, and the client entry. */
export function Document({ site, route, styles, script, fonts, children }: DocumentProps) {
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
        {fonts.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script type="module" src={script} />
      </head>
      <body data-path={route.url}>{children}</body>
    </html>
  );
}
