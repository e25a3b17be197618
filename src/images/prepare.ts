import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Catalogue } from '../content/catalogue.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { digest } from '../core/digest.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { unlessUnchanged, type Kept } from '../core/file-stamps.ts';
import { forEachLimited, type OutputFile } from '../output/write.ts';
import { encodeImage, encoderVersion, type EncodedImage } from './encode.ts';
import { rasterEntry, VARIANT_FOLDER, variantFileName, type ImageManifest, type ResponsiveImage } from './manifest.ts';
import { plannedEntry, type PendingImage } from './planned.ts';
import { IMAGE_EXTENSIONS, resolveImageOptions, type ImageOptions } from '../site/image-options.ts';
import { imageReferences, locateImageProblem, type ImageProblem } from './references.ts';
import { svgSize } from './svg-size.ts';
import { walkFolder } from '../content/walk.ts';
import { checkSvg } from '../safety/svg-safety.ts';
import { inputBounds, type InputBounds } from '../safety/input-bounds.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

export { VARIANT_FOLDER } from './manifest.ts';

/** Bump when the engine changes how it encodes, so every cached variant is encoded again. */
const PIPELINE_VERSION = 1;

/**
 * Where encoded images are kept between builds, by key: a digest of the source's bytes and how it
 * is encoded. The runner's is a folder (see `runner/caches/image-cache.ts`).
 */
export interface VariantStore {
  /** The image stored under a key, or undefined when it was never encoded (or its copy is damaged). */
  read(key: string): Promise<EncodedImage | undefined>;
  write(key: string, image: EncodedImage): Promise<void>;
}

export interface ImageBuildOptions {
  /** Where encoded variants are kept between builds (default `<root>/.site-cache/images`). */
  cacheDir?: string;
}

export interface PreparedImages {
  /** Every usable image of the content and public folders, by URL: what `<Img>` looks up. */
  manifest: ImageManifest;
  /** The variants to publish: those of the images encoded so far. */
  files: OutputFile[];
  /** Raster images measured but not encoded yet, by URL: their manifest entries are planned (see `planned.ts`). */
  pending: Record<string, PendingImage>;
  /** The output paths of each image's variants, by its URL (none for an SVG): what to leave out with a draft's image. */
  variants: Record<string, string[]>;
  /** Raster images encoded by this build, and taken unchanged from the cache. */
  encoded: number;
  reused: number;
  /** Images that cannot be used, before they are pinned to the fields naming them (see `locateImageProblems`). */
  problems: ImageProblem[];
  diagnostics: Diagnostic[];
}

/**
 * The image stage: measures every SVG and plans every raster image (PNG, JPEG, WebP, AVIF) of the
 * site's content and public folders as responsive variants: an image the cache holds (same source
 * bytes, options and encoder) is taken from it whole; any other is measured only and left
 * pending, to be encoded once some page names it (`encodeNamedImages`), since a documentation
 * site's port encoded 339 variants no page used (issue 40). An image that cannot be read or
 * measured becomes a problem, never an exception, which `locateImageProblems` pins to each
 * front-matter field naming it. It needs no content, so a build starts it before its content is read.
 */
export async function prepareImages(
  site: SiteDefinition,
  cache: VariantStore,
  kept?: Kept<PreparedImages>,
  bounds: InputBounds = inputBounds(site),
): Promise<PreparedImages> {
  const sources = findImages(site.publicDir, site.contentDir, bounds);
  // A long-lived builder's site and options are fixed: its images change only with their files.
  return unlessUnchanged(
    sources.map((source) => source.file),
    kept,
    () => prepareFound(site, cache, sources),
  );
}

async function prepareFound(site: SiteDefinition, cache: VariantStore, sources: readonly ImageSourceFile[]): Promise<PreparedImages> {
  const imageOptions = resolveImageOptions(site.images);
  const result: PreparedImages = {
    manifest: {},
    files: [],
    pending: {},
    variants: {},
    encoded: 0,
    reused: 0,
    problems: [],
    diagnostics: [],
  };
  const problems = result.problems;
  const encoder = sources.some((source) => source.raster) ? await encoderVersion() : '';
  const inFlight = new Map<string, Promise<EncodedImage | undefined>>();

  // A few images at a time: each is a file read, a cache read and a header read.
  await forEachLimited(sources, 4, async (source) => {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(source.file);
    } catch (error) {
      // The file vanished or is unreadable since it was found: the author's problem, not the engine's.
      return void problems.push(undecodable(source, error));
    }
    if (!source.raster) {
      const text = bytes.toString('utf8');
      // The content folder is written by many hands; the public folder is the site's code, reviewed as code.
      if (source.fromContent) result.diagnostics.push(...checkSvg(source.file, text));
      const size = svgSize(text);
      if (size) result.manifest[source.url] = { src: source.url, ...size, sources: [] };
      else problems.push(unmeasurableSvg(source));
      return;
    }
    // Equal bytes at two URLs share one key, so they are read once.
    const key = digest(String(PIPELINE_VERSION), encoder, JSON.stringify(imageOptions), bytes);
    let reading = inFlight.get(key);
    if (!reading) inFlight.set(key, (reading = cache.read(key)));
    const cached = await reading;
    if (cached) return void addEncoded(result, source.url, cached);
    try {
      result.manifest[source.url] = await plannedEntry(source.url, key, bytes, imageOptions);
      result.pending[source.url] = { key, bytes, file: source.file };
    } catch (error) {
      problems.push(undecodable(source, error));
    }
  });
  for (const cached of await Promise.all(inFlight.values())) if (cached) result.reused++;

  problems.sort((a, b) => (a.url < b.url ? -1 : 1));
  return inOrder(result);
}

/** Images finish in any order; the output and the manifest are listed in one. */
function inOrder(images: PreparedImages): PreparedImages {
  images.files.sort((a, b) => (a.path < b.path ? -1 : 1));
  images.manifest = Object.fromEntries(Object.entries(images.manifest).sort(([a], [b]) => (a < b ? -1 : 1)));
  return images;
}

/** Adds an encoded image's manifest entry and variants at `url`. */
function addEncoded(images: PreparedImages, url: string, image: EncodedImage): void {
  const published = publish(url, image);
  images.manifest[url] = published.entry;
  images.variants[url] = published.files.map((file) => file.path);
  images.files.push(...published.files);
}

/**
 * The images with those pending ones that `named` names encoded (from the cache when another
 * build put them there meanwhile): what a build does once its pages have said which images they
 * use. Equal bytes at two URLs are encoded once. An image that cannot be decoded becomes a problem.
 */
export async function encodeNamedImages(
  images: PreparedImages,
  named: (url: string) => boolean,
  cache: VariantStore,
  site: SiteDefinition,
): Promise<PreparedImages> {
  const wanted = Object.entries(images.pending).filter(([url]) => named(url));
  if (!wanted.length) return images;
  const imageOptions = resolveImageOptions(site.images);
  const result: PreparedImages = {
    ...images,
    manifest: { ...images.manifest },
    files: [...images.files],
    pending: { ...images.pending },
    variants: { ...images.variants },
    problems: [...images.problems],
  };
  const inFlight = new Map<string, Promise<EncodeOutcome>>();
  // A few images at a time: sharp queues each image's encodes on its own thread pool anyway.
  await forEachLimited(wanted, 4, async ([url, image]) => {
    let outcome = inFlight.get(image.key);
    if (!outcome) inFlight.set(image.key, (outcome = cachedOrEncoded(cache, image.key, image.bytes, imageOptions)));
    const done = await outcome;
    delete result.pending[url];
    if ('error' in done) {
      delete result.manifest[url];
      return void result.problems.push(undecodable({ url, file: image.file, raster: true, fromContent: false }, done.error));
    }
    addEncoded(result, url, done.image);
  });
  for (const outcome of await Promise.all(inFlight.values())) if ('image' in outcome) outcome.encoded ? result.encoded++ : result.reused++;
  result.problems.sort((a, b) => (a.url < b.url ? -1 : 1));
  return inOrder(result);
}

/** The prepared images with each problem turned into diagnostics on the front-matter fields that name the image. */
export async function locateImageProblems(images: PreparedImages, catalogue: Catalogue): Promise<PreparedImages> {
  if (!images.problems.length) return images;
  const references = imageReferences(catalogue);
  const diagnostics = (
    await Promise.all(images.problems.map((problem) => locateImageProblem(problem, references.get(problem.url) ?? [], catalogue)))
  ).flat();
  return { ...images, diagnostics: [...images.diagnostics, ...diagnostics] };
}

/**
 * The prepared images without those of the content folder that `leftOut` names (by their URL):
 * the images of a draft's page bundle. A variant another image shares (equal bytes) stays.
 */
export function withoutImages(images: PreparedImages, leftOut: (url: string) => boolean): PreparedImages {
  const urls = Object.keys(images.manifest);
  if (!urls.some(leftOut)) return images;
  const kept = urls.filter((url) => !leftOut(url));
  const keptVariants = new Set(kept.flatMap((url) => images.variants[url] ?? []));
  const dropped = new Set(urls.filter(leftOut).flatMap((url) => images.variants[url] ?? []));
  return {
    ...images,
    manifest: Object.fromEntries(kept.map((url) => [url, images.manifest[url]!])),
    variants: Object.fromEntries(kept.flatMap((url) => (images.variants[url] ? [[url, images.variants[url]]] : []))),
    pending: Object.fromEntries(kept.flatMap((url) => (images.pending[url] ? [[url, images.pending[url]]] : []))),
    files: images.files.filter((file) => !dropped.has(file.path) || keptVariants.has(file.path)),
  };
}

/** An image file found in a folder, by the URL it is published at. */
interface ImageSourceFile {
  url: string;
  file: string;
  raster: boolean;
  /** Whether the file is the content folder's (whose SVGs are checked for code) rather than the public folder's. */
  fromContent: boolean;
}

const IMAGE_FILE = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');

/**
 * Image files of the folders, by URL; a later folder's file wins, as it does when static files are
 * published. Links leading outside the project are left out (the static files' listing reports them).
 */
function findImages(publicDir: string | undefined, contentDir: string, bounds: InputBounds): ImageSourceFile[] {
  const byUrl = new Map<string, ImageSourceFile>();
  for (const dir of [publicDir, contentDir]) {
    if (!dir) continue;
    for (const { relative, file } of walkFolder(dir, bounds, (name) => IMAGE_FILE.test(name)).files) {
      byUrl.set(`/${relative}`, { url: `/${relative}`, file, raster: !/\.svg$/i.test(relative), fromContent: dir === contentDir });
    }
  }
  return [...byUrl.values()];
}

type EncodeOutcome = { image: EncodedImage; encoded: boolean } | { error: unknown };

/** The cached variants of an image, or new ones (then cached). A decoding error is an outcome; a failing cache throws. */
async function cachedOrEncoded(cache: VariantStore, key: string, bytes: Uint8Array, options: ImageOptions): Promise<EncodeOutcome> {
  const cached = await cache.read(key);
  if (cached) return { image: cached, encoded: false };
  let image: EncodedImage;
  try {
    image = await encodeImage(bytes, options);
  } catch (error) {
    return { error };
  }
  await cache.write(key, image);
  return { image, encoded: true };
}

/** The published files of an encoded image and its manifest entry. */
function publish(url: string, image: EncodedImage): { entry: ResponsiveImage; files: OutputFile[] } {
  const stem = path.posix.basename(url).replace(/\.[^.]+$/, '');
  const variants = image.variants.map((variant) => {
    const hash = createHash('sha256').update(variant.bytes).digest('hex');
    const outPath = `${VARIANT_FOLDER}/${variantFileName(stem, variant.width, variant.format, hash)}`;
    return { ...variant, outPath, url: `/${outPath}` };
  });
  return {
    entry: rasterEntry(variants, image.fallback),
    files: variants.map((variant) => ({ path: variant.outPath, contents: variant.bytes })),
  };
}

function unmeasurableSvg(source: ImageSourceFile): ImageProblem {
  return {
    url: source.url,
    file: source.file,
    expected: phrase('svg-size'),
    reason: 'its size cannot be read',
    unmeasurable: true,
  };
}

function undecodable(source: ImageSourceFile, error: unknown): ImageProblem {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    url: source.url,
    file: source.file,
    expected: source.raster ? phrase('decodable-raster') : phrase('readable-svg'),
    // libvips repeats a line per failed read; say each thing once.
    reason: [
      ...new Set(
        reason
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    ].join('; '),
  };
}
