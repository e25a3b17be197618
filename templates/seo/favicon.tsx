import fs from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import type { PageProps } from 'stillsite';

/**
 * The site's icon, written into each page as a `data:` URL instead of a link to /favicon.svg. The
 * browser asks for a linked icon as soon as the page has loaded, which on a busy phone is before
 * the page's largest image is painted; under Lighthouse's simulation that request then took a
 * second connection beside the image's and put a round trip on the largest contentful paint
 * (about 0.15 s: docs/performance-history.md, "The favicon and the client entry"). A PNG, as the
 * engine lets no `data:` SVG into a page (src/safety/unsafe-url.ts): favicon-32.png is
 * public/favicon.svg drawn at 32 px in four colours by sharp (217 bytes, about 230 of gzip as
 * base64). The Content-Security-Policy allows `data:` images for it (templates/site.ts).
 */
export const FAVICON_URL = `data:image/png;base64,${fs.readFileSync(path.join(import.meta.dirname, 'favicon-32.png')).toString('base64')}`;

/** The icon's link, then the site's own head (the structured data). */
export function withFavicon(Head: ComponentType<PageProps<any>> | undefined): ComponentType<PageProps<any>> {
  return function HeadWithFavicon(props: PageProps<any>) {
    return (
      <>
        <link rel="icon" href={FAVICON_URL} />
        {Head ? <Head {...props} /> : null}
      </>
    );
  };
}
