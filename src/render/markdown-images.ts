import type { Element, Properties } from 'hast';
import { lookupImage, type ImageManifest } from '../images/manifest.ts';

/** How one image of a body is drawn. */
export interface DrawOptions {
  /** `page`: a `<picture>` with AVIF and WebP sources; `feed`: one `<img>` of the widest fallback variant. */
  mode: 'page' | 'feed';
  /** The body's first image: likely in view when the page opens, so it is neither lazy nor decoded off the main path. */
  first: boolean;
}

/**
 * The responsive form of an `<img>` of a body whose `src` is an image the build prepared (see
 * `prepareImages`), as templates draw one with `useImage`: intrinsic `width` and `height` so
 * nothing shifts, AVIF and WebP sources with the fallback's widths, and lazy loading and async
 * decoding for every image but the first. Undefined for an image the build does not know (another
 * site's, or a missing one the link check reports), which stays as written.
 */
export function markdownImage(img: Element, images: ImageManifest, options: DrawOptions): Element | undefined {
  const drawn = responsiveImage(img.properties, images, options);
  if (!drawn) return undefined;
  const element: Element = { type: 'element', tagName: 'img', properties: drawn.img as Properties, children: [], position: img.position };
  if (!drawn.sources) return element;
  return {
    type: 'element',
    tagName: 'picture',
    properties: {},
    position: img.position,
    children: [...drawn.sources.map((properties): Element => ({ type: 'element', tagName: 'source', properties, children: [] })), element],
  };
}

/** An image drawn responsive: the `<img>`'s attributes, and the `<source>`s of its `<picture>` (none: a plain `<img>`). */
export interface DrawnImage<P> {
  img: P & { src: string };
  sources?: Array<{ type: string; srcSet: string; sizes: string }>;
}

/**
 * The attributes of an image of the build drawn responsive, from an `<img>`'s own (hast's
 * properties or React's props: both name them `srcSet`, `width`, `loading`), for Markdown
 * (`markdownImage`) and MDX (`mdx-images.ts`) alike. Undefined for an image the build does not know.
 */
export function responsiveImage<P extends { src?: unknown; width?: unknown; height?: unknown }>(
  attributes: P,
  images: ImageManifest,
  { mode, first }: DrawOptions,
): DrawnImage<P> | undefined {
  const src = attributes.src;
  if (typeof src !== 'string' || !src.startsWith('/') || src.startsWith('//')) return undefined;
  const image = lookupImage(images, src);
  if (!image) return undefined;
  // An author's own width or height (a smaller rendering) wins; the intrinsic size fills the rest.
  const sized = attributes.width !== undefined || attributes.height !== undefined ? {} : { width: image.width, height: image.height };
  if (mode === 'feed') return { img: { ...attributes, src: image.src, ...sized } };
  // Never wider than the image itself, the full viewport below that: the browser picks the narrowest variant that fills it.
  const sizes = `(min-width: ${image.width}px) ${image.width}px, 100vw`;
  const loading = first ? {} : { loading: 'lazy', decoding: 'async' };
  const img = { ...attributes, src: image.src, ...sized, ...(image.srcset ? { srcSet: image.srcset, sizes } : {}), ...loading };
  // An SVG has no variants: the image itself, sized.
  if (!image.sources.length) return { img };
  return { img, sources: image.sources.map((source) => ({ type: source.type, srcSet: source.srcset, sizes })) };
}
