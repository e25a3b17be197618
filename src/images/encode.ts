import type { Sharp } from 'sharp';
import { fallbackFormat, variantWidths, type ImageOptions, type VariantFormat } from '../site/image-options.ts';

/** One encoded variant of a raster image. */
export interface EncodedVariant {
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** Everything encoded from one source image. */
export interface EncodedImage {
  /** The format browsers without AVIF and WebP get. */
  fallback: 'jpeg' | 'png';
  variants: EncodedVariant[];
}

type SharpFactory = typeof import('sharp').default;

let loaded: Promise<SharpFactory> | undefined;

/** sharp, imported on first use: a site without raster images never loads its native code. */
export function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then((module) => module.default);
  return loaded;
}

/** The encoder and library releases, for cache keys: a new libvips or codec may encode differently. */
export async function encoderVersion(): Promise<string> {
  const sharp = await loadSharp();
  return JSON.stringify([
    sharp.versions.sharp,
    sharp.versions.vips,
    sharp.versions.aom,
    sharp.versions.webp,
    sharp.versions.mozjpeg,
    sharp.versions.png,
  ]);
}

/**
 * Encodes a raster image as AVIF, WebP and its fallback format at each width `variantWidths`
 * picks. EXIF orientation is applied first, so a portrait photo stays upright; metadata is not
 * copied to the variants. Throws (with sharp's message) when the bytes are not a readable image.
 */
export async function encodeImage(bytes: Uint8Array, options: ImageOptions): Promise<EncodedImage> {
  const sharp = await loadSharp();
  // `failOn: 'error'` rejects truncated and corrupt pixel data, but not harmless warnings some cameras cause.
  const source = sharp(bytes, { autoOrient: true, failOn: 'error' });
  const metadata = await source.metadata();
  const fallback = fallbackFormat(metadata.format, metadata.hasAlpha);
  const widths = variantWidths(metadata.autoOrient.width, options.widths);
  const formats: VariantFormat[] = ['avif', 'webp', fallback];
  const jobs = widths.flatMap((width) => formats.map((format) => encodeOne(source, width, format, options)));
  return { fallback, variants: await Promise.all(jobs) };
}

async function encodeOne(source: Sharp, width: number, format: VariantFormat, options: ImageOptions): Promise<EncodedVariant> {
  const resized = source.clone().resize({ width, withoutEnlargement: true });
  const encoder =
    format === 'avif'
      ? resized.avif({ quality: options.quality.avif, effort: options.avifEffort })
      : format === 'webp'
        ? resized.webp({ quality: options.quality.webp })
        : format === 'jpeg'
          ? resized.jpeg({ quality: options.quality.jpeg, mozjpeg: true })
          : resized.png({ compressionLevel: 9, adaptiveFiltering: true });
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
  return { format, width: info.width, height: info.height, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}
