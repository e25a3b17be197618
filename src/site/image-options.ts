import { phrase } from '../diagnostics/catalogue/index.ts';
/** The raster formats the pipeline reads, by file extension. */
export const RASTER_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'avif'] as const;

/** Every image extension the pipeline knows: rasters get variants, SVGs are measured and served as they are. */
export const IMAGE_EXTENSIONS = [...RASTER_EXTENSIONS, 'svg'] as const;

/** The formats a variant is written in. */
export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** How raster images are turned into responsive variants. */
export interface ImageOptions {
  /**
   * Candidate widths in pixels, ascending (default 400, 800, 1200, 1600: a card at 1x up to a
   * full-width cover on a 2x phone). Widths above an image's own width are dropped and the image's
   * width is added instead, so nothing is ever upscaled.
   */
  widths: number[];
  /** Encoder quality, 1–100, per format (defaults: AVIF 50, WebP 75, JPEG 75 with mozjpeg). */
  quality: { avif: number; webp: number; jpeg: number };
  /** AVIF encoder effort, 0–9 (default 3: nearly the bytes of 4 in a fraction of the time). */
  avifEffort: number;
}

/** The options a site gets unless it says otherwise (see `ImageOptions` for the reasons). */
export const DEFAULT_IMAGE_OPTIONS: ImageOptions = {
  widths: [400, 800, 1200, 1600],
  quality: { avif: 50, webp: 75, jpeg: 75 },
  avifEffort: 3,
};

/** What a site may override: any of the options, quality per format. */
export interface ImageSettings {
  widths?: number[];
  quality?: Partial<ImageOptions['quality']>;
  avifEffort?: number;
}

/** The site's settings over the defaults, widths sorted and deduplicated. */
export function resolveImageOptions(settings: ImageSettings = {}): ImageOptions {
  const widths = [...new Set(settings.widths ?? DEFAULT_IMAGE_OPTIONS.widths)].sort((a, b) => a - b);
  if (!widths.length || widths.some((width) => !Number.isInteger(width) || width < 1)) {
    throw new Error(phrase('image-widths', { widths: JSON.stringify(settings.widths) }));
  }
  return {
    widths,
    quality: { ...DEFAULT_IMAGE_OPTIONS.quality, ...settings.quality },
    avifEffort: settings.avifEffort ?? DEFAULT_IMAGE_OPTIONS.avifEffort,
  };
}

/**
 * The widths to encode an image of this intrinsic width at: every candidate narrower than the
 * image, topped by the image's own width, or by the largest candidate when the image is wider
 * than all of them. Never wider than the image itself.
 */
export function variantWidths(intrinsicWidth: number, candidates: readonly number[]): number[] {
  const top = Math.min(intrinsicWidth, candidates.at(-1) ?? intrinsicWidth);
  return [...candidates.filter((width) => width < top), top];
}

/** The fallback format for browsers without AVIF or WebP: JPEG and PNG keep theirs; WebP and AVIF sources become PNG when transparent, else JPEG. */
export function fallbackFormat(sourceFormat: string, hasAlpha: boolean): 'jpeg' | 'png' {
  if (sourceFormat === 'png') return 'png';
  if (sourceFormat === 'jpeg' || sourceFormat === 'jpg') return 'jpeg';
  return hasAlpha ? 'png' : 'jpeg';
}

/** The MIME type of a variant format. */
export function mimeType(format: VariantFormat): string {
  return `image/${format}`;
}

/** The file extension of a variant format. */
export function extensionOf(format: VariantFormat): string {
  return format === 'jpeg' ? 'jpg' : format;
}
