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
export function markdownImage(img: Element, images: ImageManifest, { mode, first }: DrawOptions): Element | undefined {
  const src = img.properties.src;
  if (typeof src !== 'string' || !src.startsWith('/') || src.startsWith('//')) return undefined;
  const image = lookupImage(images, src);
  if (!image) return undefined;
  // An author's own width or height (a smaller rendering) wins; the intrinsic size fills the rest.
  const sized =
    img.properties.width !== undefined || img.properties.height !== undefined ? {} : { width: image.width, height: image.height };
  if (mode === 'feed') return { ...img, properties: { ...img.properties, src: image.src, ...sized } };
  // Never wider than the image itself, the full viewport below that: the browser picks the narrowest variant that fills it.
  const sizes = `(min-width: ${image.width}px) ${image.width}px, 100vw`;
  const loading: Properties = first ? {} : { loading: 'lazy', decoding: 'async' };
  const properties: Properties = {
    ...img.properties,
    src: image.src,
    ...sized,
    ...(image.srcset ? { srcSet: image.srcset, sizes } : {}),
    ...loading,
  };
  const drawn: Element = { type: 'element', tagName: 'img', properties, children: [], position: img.position };
  // An SVG has no variants: the image itself, sized.
  if (!image.sources.length) return drawn;
  return {
    type: 'element',
    tagName: 'picture',
    properties: {},
    position: img.position,
    children: [
      ...image.sources.map(
        (source): Element => ({
          type: 'element',
          tagName: 'source',
          properties: { type: source.type, srcSet: source.srcset, sizes },
          children: [],
        }),
      ),
      drawn,
    ],
  };
}
