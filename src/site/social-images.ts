import type { Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';

/** Social images are always this size (the size Open Graph recommends for link previews). */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/** A font file satori may draw with. Satori reads TTF, OTF and WOFF, not WOFF2. */
export interface OgFont {
  name: string;
  /** Absolute path of the font file. */
  file: string;
  weight?: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
  style?: 'normal' | 'italic';
}

/** A page's image drawn from a template. */
export interface DrawnImageSpec {
  /** A key of `SocialImages.templates`. */
  template: string;
  /** Plain JSON data for the template (it travels to a worker thread and into the cache key). */
  props: Record<string, unknown>;
  /**
   * Images the template embeds, by name: root-relative URLs of files in the content or public
   * folder. The template receives them as `data:` URLs in its `assets` prop, so it never reads files.
   */
  assets?: Record<string, string>;
  alt: string;
  /**
   * The language of the image's text (BCP 47, e.g. `ar`, `zh-Hant`): it picks the fonts of
   * `SocialImages.localeFonts`. Default: the page's locale.
   */
  lang?: string;
}

/** A page's hand-made image: a PNG or SVG in the content or public folder, published as it is. */
export interface FileImageSpec {
  /** Root-relative URL, e.g. `/images/og/home.png`. */
  file: string;
  alt: string;
}

export type OgImageSpec = DrawnImageSpec | FileImageSpec;

/** What a page's head and the site's templates know of its social image. */
export interface OgImageRef {
  /** Root-relative URL of the image in the output. */
  url: string;
  type: 'image/png' | 'image/svg+xml';
  width: number;
  height: number;
  alt: string;
}

/** The props every social-image template receives besides its own. */
export interface OgTemplateProps {
  /** The `assets` of the spec, as `data:` URLs. */
  assets: Record<string, string>;
}

/**
 * How a site gets its social preview images. Drawn images are 1200×630 PNGs published at
 * `/og/<page path>.png` (`/og/index.png` for the root), cached by a hash of everything that shapes
 * them, so only stale ones are drawn.
 */
export interface SocialImages {
  /**
   * Template modules by name (absolute paths). Each default-exports a component satori can draw:
   * pure, inline styles, flexbox. They are imported in worker threads, so they are named by path.
   */
  templates: Record<string, string>;
  fonts: OgFont[];
  /**
   * More fonts for images in some languages, by locale code or language subtag (`ar`, `zh-Hant`,
   * `ja`). An image whose `lang` is `zh-Hant-TW` takes the fonts of `zh-Hant-TW`, else `zh-Hant`,
   * else `zh` (keys match in any case). They come before `fonts` in the fallback order, after the
   * families a template names in `fontFamily`; see docs/social-images.md "Text in every script".
   */
  localeFonts?: Record<string, OgFont[]>;
  /** The image of one page; undefined gives the page none. */
  image(entry: Entry, catalogue: Catalogue): OgImageSpec | undefined;
  /** The page's `og:type` (default `website`). */
  type?(entry: Entry): string;
}

/** True when a spec names a hand-made file rather than a template. */
export function isFileSpec(spec: OgImageSpec): spec is FileImageSpec {
  return 'file' in spec;
}

/** Where a page's drawn image is published: `/projects/acme` → `/og/projects/acme.png`, `/` → `/og/index.png`. */
export function ogImageUrl(pageUrl: string): string {
  const clean = pageUrl.replace(/^\/+|\/+$/g, '');
  return `/og/${clean || 'index'}.png`;
}
