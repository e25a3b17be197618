import { extensionOf, mimeType, type VariantFormat } from '../site/image-options.ts';

/** Where variants are published, relative to the output folder. */
export const VARIANT_FOLDER = 'assets/images';

/** One `<source>` of a `<picture>`: a format and its widths. */
export interface ImageSource {
  /** MIME type, e.g. `image/avif`. */
  type: string;
  /** `url 400w, url 800w, …` */
  srcset: string;
}

/**
 * What a template needs to draw one image. Plain JSON, so a build can hand the whole manifest to a
 * worker thread that renders pages.
 */
export interface ResponsiveImage {
  /** The URL for `<img src>`: the file itself for an SVG, the widest fallback variant for a raster. */
  src: string;
  /** Intrinsic size in CSS pixels (the widest variant's for a raster), for `width` and `height`. */
  width: number;
  height: number;
  /** The fallback format's widths, for `<img srcset>` (rasters only). */
  srcset?: string;
  /** Modern formats, best first, for `<source>` elements (empty for an SVG). */
  sources: ImageSource[];
}

/** Every image of a site by its root-relative URL (`/images/team/ada.jpg`). */
export type ImageManifest = Record<string, ResponsiveImage>;

/** The image a manifest holds for a URL, if any (own keys only, so `constructor` is no image). */
export function lookupImage(manifest: ImageManifest, url: string): ResponsiveImage | undefined {
  if (Object.hasOwn(manifest, url)) return manifest[url];
  const decoded = safeDecode(url);
  return decoded !== url && Object.hasOwn(manifest, decoded) ? manifest[decoded] : undefined;
}

function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** One encoded file of a raster image, as published. */
export interface PublishedVariant {
  url: string;
  format: VariantFormat;
  width: number;
  height: number;
}

/** A raster image's manifest entry from its published variants; `fallback` is the JPEG or PNG format. */
export function rasterEntry(variants: readonly PublishedVariant[], fallback: 'jpeg' | 'png'): ResponsiveImage {
  const srcsetOf = (format: VariantFormat) =>
    variants
      .filter((variant) => variant.format === format)
      .sort((a, b) => a.width - b.width)
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(', ');
  const widest = variants.filter((variant) => variant.format === fallback).sort((a, b) => b.width - a.width)[0];
  if (!widest) throw new Error(`An image has no ${fallback} variant to fall back on.`);
  const modern: VariantFormat[] = ['avif', 'webp'];
  return {
    src: widest.url,
    width: widest.width,
    height: widest.height,
    srcset: srcsetOf(fallback),
    sources: modern.map((format) => ({ type: mimeType(format), srcset: srcsetOf(format) })),
  };
}

/** The published file name of a variant: `<stem>-<width>.<hash>.<ext>`, hashed by its bytes. */
export function variantFileName(stem: string, width: number, format: VariantFormat, hash: string): string {
  const safeStem = stem.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'image';
  return `${safeStem}-${width}.${hash.slice(0, 10)}.${extensionOf(format)}`;
}
