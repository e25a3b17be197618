import { createElement as h, Fragment } from 'react';
import type { OgImageRef } from '../site/social-images.ts';
import type { FeedLink } from '../site/feeds.ts';

export interface SocialMetaProps {
  siteName: string;
  title: string;
  /** None (or empty): no `og:description`, as a page without a description has no meta for it. */
  description?: string;
  /** The page's absolute canonical URL. */
  canonical: string;
  /** `website`, `article`, `profile`, … */
  type: string;
  /** The page's social image, its URL already absolute. */
  image?: OgImageRef;
}

/**
 * Open Graph and Twitter card tags: what a link preview shows. Without an image the card falls
 * back to the small `summary` layout rather than promising a large picture it cannot show.
 */
export function SocialMeta({ siteName, title, description, canonical, type, image }: SocialMetaProps) {
  return h(
    Fragment,
    null,
    h('meta', { property: 'og:type', content: type }),
    h('meta', { property: 'og:site_name', content: siteName }),
    h('meta', { property: 'og:title', content: title }),
    description ? h('meta', { property: 'og:description', content: description }) : null,
    h('meta', { property: 'og:url', content: canonical }),
    image
      ? h(
          Fragment,
          null,
          h('meta', { property: 'og:image', content: image.url }),
          h('meta', { property: 'og:image:width', content: String(image.width) }),
          h('meta', { property: 'og:image:height', content: String(image.height) }),
          h('meta', { property: 'og:image:type', content: image.type }),
          h('meta', { property: 'og:image:alt', content: image.alt }),
        )
      : null,
    h('meta', { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }),
  );
}

/** `<link rel="alternate">` to each feed, so browsers and readers find them from any page. */
export function FeedLinks({ feeds }: { feeds: readonly FeedLink[] }) {
  return h(
    Fragment,
    null,
    feeds.map((feed) => h('link', { key: feed.href, rel: 'alternate', type: feed.type, title: feed.title, href: feed.href })),
  );
}

/** A JSON-LD object: schema.org data with its `@context` and `@type`. */
export type JsonLdObject = { '@context'?: string; '@type': string } & Record<string, unknown>;

/**
 * JSON for a `<script>` element: `<` becomes `\u003c`, so text such as `</script>` inside a
 * string cannot end the element early. The result is still the same JSON to a parser.
 */
export function serializeJsonLd(data: JsonLdObject | readonly JsonLdObject[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** One `<script type="application/ld+json">` with structured data for search engines. */
export function JsonLd({ data }: { data: JsonLdObject | readonly JsonLdObject[] }) {
  return h('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: serializeJsonLd(data) } });
}
