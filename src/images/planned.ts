import path from 'node:path';
import { extensionOf, fallbackFormat, variantWidths, type ImageOptions, type VariantFormat } from '../site/image-options.ts';
import { loadSharp } from './encode.ts';
import { rasterEntry, VARIANT_FOLDER, type ResponsiveImage } from './manifest.ts';

/** Where the URLs of images not yet encoded point, under the variant folder: never published. */
export const UNENCODED_FOLDER = 'unencoded';

/** A raster image measured but not encoded: encoded once some page names it (see `encodeNamedImages`). */
export interface PendingImage {
  /** Its cache key (see `prepareImages`); equal bytes at two URLs share one. */
  key: string;
  bytes: Uint8Array;
  file: string;
}

/**
 * The manifest entry of a raster image not yet encoded: its size and widths as the encoder will
 * make them, at URLs of the unencoded folder (`/assets/images/unencoded/<key>/<stem>-<width>.<ext>`).
 * Pages render with it so the build learns which images some page uses; a page naming one is
 * rendered again once it is encoded, so these URLs are never published. Only the header is read
 * (sharp's `metadata`), which is what a file that is no image at all fails on; damaged pixel data
 * is found when the image is encoded.
 */
export async function plannedEntry(url: string, key: string, bytes: Uint8Array, options: ImageOptions): Promise<ResponsiveImage> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes, { autoOrient: true, failOn: 'error' }).metadata();
  const { width, height } = metadata.autoOrient;
  const fallback = fallbackFormat(metadata.format, metadata.hasAlpha);
  const stem = path.posix.basename(url).replace(/\.[^.]+$/, '');
  const formats: VariantFormat[] = ['avif', 'webp', fallback];
  const variants = variantWidths(width, options.widths).flatMap((variantWidth) =>
    formats.map((format) => ({
      format,
      width: variantWidth,
      height: Math.max(1, Math.round((height * variantWidth) / width)),
      url: `${unencodedPrefix(key)}${encodeURIComponent(stem)}-${variantWidth}.${extensionOf(format)}`,
    })),
  );
  return rasterEntry(variants, fallback);
}

/** The start of every URL of a pending image's planned variants. */
export function unencodedPrefix(key: string): string {
  return `/${VARIANT_FOLDER}/${UNENCODED_FOLDER}/${key.slice(0, 16)}/`;
}
