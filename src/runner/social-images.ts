import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { FileFromDisk, type OutputFile } from '../output/write.ts';
import { imageCache, type MissingGlyphs, readMissingGlyphs } from './caches/og-cache.ts';
import { cacheFolder } from '../core/cache-folder.ts';
import type { Catalogue } from '../content/catalogue.ts';
import type { BuildMemory, LastBuild } from './reuse/last-build.ts';
import { carryDrawnImages } from './reuse/og-reuse.ts';
import { fingerprintOgCode, planOgImages, type DrawJob, type OgPlan } from '../og/plan.ts';
import { drawAll } from './draw-pool.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';

export interface OgRenderOptions {
  /** Where drawn images are kept between builds (default `<root>/.site-cache/og`). */
  cacheDir?: string;
  /** Draw every image, even those whose cached copy is current (default false). */
  force?: boolean;
  /** Worker threads (default: one per core when there is enough to draw; 0 draws in the main thread). */
  threads?: number;
  /** Called before drawing starts and after each image is finished, for a progress bar. */
  onProgress?(finished: number, stale: number): void;
}

export interface OgRenderResult {
  /** The images to publish, one per job. */
  files: OutputFile[];
  /** How many images were drawn, and how many came from the cache unchanged. */
  drawn: number;
  reused: number;
  /** Worker threads that drew (0: the main thread drew everything, or nothing was stale). */
  workers: number;
  diagnostics: Diagnostic[];
  /** Each job's image in the cache, for telling a person where to look. */
  cacheFiles: Map<string, string>;
}

/**
 * Publishes every job's image, drawing only the stale ones: an image whose key is already in the
 * cache is taken from there. Newly drawn images go into the cache as each one finishes, so an
 * interrupted build keeps what it drew. Jobs sharing a key are drawn once.
 */
export async function renderOgImages(
  site: SiteDefinition,
  jobs: readonly DrawJob[],
  options: OgRenderOptions = {},
): Promise<OgRenderResult> {
  const og = site.og;
  const cache = imageCache(options.cacheDir ?? path.join(site.root, cacheFolder('og')));
  // Keys whose image is in the cache: the output's files are read or copied from there as they are
  // written, never held in memory together (ten thousand images are about 400 MB).
  const cached = new Set<string>();
  const stale = new Map<string, DrawJob>();
  for (const job of jobs) {
    if (cached.has(job.key) || stale.has(job.key)) continue;
    if (!options.force && cache.has(job.key)) cached.add(job.key);
    else stale.set(job.key, job);
  }
  const reused = cached.size;
  const diagnostics: Diagnostic[] = [];
  const found = new Map<string, MissingGlyphs>();
  let drawn = 0;
  let workers = 0;
  if (og && stale.size) {
    const list = [...stale.values()];
    const writes: Promise<void>[] = [];
    let finished = 0;
    options.onProgress?.(0, list.length);
    ({ workers } = await drawAll(
      list.map((job) => job.task),
      { root: site.root, templates: og.templates, fonts: og.fonts, localeFonts: og.localeFonts },
      {
        threads: options.threads,
        onResult(index, result) {
          const job = list[index]!;
          if (result instanceof Error) diagnostics.push(drawingFailed(job, result));
          else {
            drawn++;
            if (result.missing.length) {
              found.set(job.key, result);
              writes.push(cache.writeMissing(job.key, { missing: result.missing, fonts: result.fonts }));
            }
            writes.push(cache.write(job.key, result.png).then(() => void cached.add(job.key)));
          }
          options.onProgress?.(++finished, list.length);
        },
      },
    ));
    await Promise.all(writes);
  }
  // Every page whose image lacks glyphs, drawn now or before: a reused image warns as it did when drawn.
  for (const job of jobs) {
    const missing = stale.has(job.key) ? found.get(job.key) : cache.missingOf(job.key);
    if (missing) diagnostics.push(missingGlyphs(job, missing));
  }
  return {
    files: jobs.flatMap((job) => {
      // An image's key changes whenever its bytes would: it serves as their hash.
      return cached.has(job.key) ? [new FileFromDisk(job.outPath, cache.fileOf(job.key), job.key)] : [];
    }),
    drawn,
    reused,
    workers,
    diagnostics,
    cacheFiles: new Map(jobs.map((job) => [job.pageUrl, cache.fileOf(job.key)])),
  };
}

/** At most this many characters are named in one warning: a page in a script no font has would list hundreds. */
const MISSING_LISTED = 12;

function missingGlyphs(job: DrawJob, image: MissingGlyphs): Diagnostic {
  const params = {
    url: job.pageUrl,
    characters: image.missing.slice(0, MISSING_LISTED),
    more: Math.max(0, image.missing.length - MISSING_LISTED),
    fonts: image.fonts,
    lang: job.task.lang,
  };
  return { ...diagnose('og-missing-glyph', params), file: job.file, line: 1 };
}

function drawingFailed(job: DrawJob, error: Error): Diagnostic {
  return {
    ...diagnose('og-image-failed', { url: job.pageUrl, kind: 'draw', template: job.task.template, reason: error.message }),
    file: job.file,
    line: 1,
    detail: error.stack,
  };
}

/**
 * Every page's social image, planned (what each shows, its cache key), unless the build leaves
 * them out. A long-lived builder's code cannot change, so it fingerprints the images' code once.
 */
export async function planSocialImages(
  site: SiteDefinition,
  catalogue: Catalogue,
  options: { socialImages?: boolean },
  memory?: BuildMemory,
): Promise<OgPlan> {
  if (options.socialImages === false) return { refs: new Map(), jobs: [], diagnostics: [] };
  if (memory && site.og) memory.og ??= fingerprintOgCode(site.og);
  return planOgImages(site, catalogue, memory?.og);
}

/**
 * The social images to publish: those the last build's output holds already are carried over
 * unread; the rest are taken from the image cache or drawn (see `renderOgImages`).
 */
export async function drawSocialImages(
  site: SiteDefinition,
  plan: OgPlan,
  last: LastBuild,
  options?: OgRenderOptions,
): Promise<{ files: OutputFile[]; drawn: number; reused: number; diagnostics: Diagnostic[] }> {
  const unchanged = await carryDrawnImages(plan.jobs, last.previousFiles, last.output);
  const images = await renderOgImages(site, unchanged.jobs, options);
  // A carried image was not looked at in the cache, but what its drawing found missing is there.
  const drawing = new Set(unchanged.jobs);
  const cacheDir = options?.cacheDir ?? path.join(site.root, cacheFolder('og'));
  const carriedWarnings = plan.jobs.flatMap((job) => {
    const missing = drawing.has(job) ? undefined : readMissingGlyphs(cacheDir, job.key);
    return missing ? [missingGlyphs(job, missing)] : [];
  });
  return {
    files: [...images.files, ...unchanged.carried],
    drawn: images.drawn,
    reused: images.reused + unchanged.carried.length,
    diagnostics: [...images.diagnostics, ...carriedWarnings],
  };
}
