import fs from 'node:fs/promises';
import path from 'node:path';
import type { Catalogue } from '../content/catalogue.ts';
import type { Entry } from '../content/entry.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { checkLink, type InputBounds } from '../safety/input-bounds.ts';
import { siteBounds } from '../site/named-files.ts';
import type { SiteDefinition } from '../site/definition.ts';
import {
  isFileSpec,
  OG_SIZE,
  ogImageUrl,
  type DrawnImageSpec,
  type OgImageRef,
  type OgImageSpec,
  type SocialImages,
} from '../site/social-images.ts';
import type { DrawTask } from './draw.ts';
import { fontsForLang, localeFontsKey } from './locale-fonts.ts';
import { fontsFingerprint, imageKey, rendererFingerprint, templateFingerprint } from './hash.ts';
import { diagnose, type ParamsOf } from '../diagnostics/catalogue/index.ts';

/** One image to draw (or take from the cache), for one page. */
export interface DrawJob {
  /** The URL of the page it belongs to. */
  pageUrl: string;
  /** Output path of the PNG, relative to the output folder. */
  outPath: string;
  /** The cache key: a hash of everything that shapes the image. */
  key: string;
  task: DrawTask;
  /** The page's source file, for diagnostics. */
  file: string;
}

/** Every page's social image, and the drawing work behind the drawn ones. */
export interface OgPlan {
  refs: Map<string, OgImageRef>;
  jobs: DrawJob[];
  diagnostics: Diagnostic[];
}

const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/**
 * Asks the site for each page's image and works out, for drawn ones, the template's props (its
 * assets inlined as `data:` URLs) and the cache key. Reads files, draws nothing.
 */
export async function planOgImages(site: SiteDefinition, catalogue: Catalogue, code?: Promise<OgCode>): Promise<OgPlan> {
  const plan: OgPlan = { refs: new Map(), jobs: [], diagnostics: [] };
  const og = site.og;
  if (!og) return plan;
  const problem = (entry: Entry, words: ReturnType<typeof diagnose>, detail?: string) =>
    plan.diagnostics.push({ ...words, file: entry.file, line: 1, detail });
  const invalid = (entry: Entry, params: ParamsOf<'og-image-invalid'>) => problem(entry, diagnose('og-image-invalid', params));
  const dirs = [site.contentDir, site.publicDir].filter((dir): dir is string => Boolean(dir));
  const bounds = siteBounds(site);
  const readAsset = memoize((url: string) => readPublished(dirs, bounds, url));
  const { renderer, fonts, templates } = await (code ?? fingerprintOgCode(og));

  for (const entry of catalogue.entries) {
    let spec: OgImageSpec | undefined;
    try {
      spec = og.image(entry, catalogue);
    } catch (error) {
      problem(
        entry,
        diagnose('og-image-failed', { url: entry.url, kind: 'describe', reason: asError(error).message }),
        asError(error).stack,
      );
      continue;
    }
    if (!spec) continue;
    if (isFileSpec(spec)) {
      const type = TYPES[path.extname(spec.file).toLowerCase()];
      if (type !== 'image/png' && type !== 'image/svg+xml') invalid(entry, { url: entry.url, kind: 'not-image', file: spec.file });
      else if (!(await readAsset(spec.file))) invalid(entry, { url: entry.url, kind: 'missing-file', file: spec.file });
      else plan.refs.set(entry.url, { url: spec.file, type, ...OG_SIZE, alt: spec.alt });
      continue;
    }
    const template = templates.get(spec.template);
    if (template === undefined) {
      invalid(entry, { url: entry.url, kind: 'unknown-template', template: spec.template, known: [...templates.keys()] });
      continue;
    }
    if (template instanceof Error) {
      problem(entry, diagnose('og-image-failed', { url: entry.url, kind: 'build', template: spec.template, reason: template.message }));
      continue;
    }
    const assets = await inlineAssets(spec, readAsset);
    if (typeof assets === 'string') {
      invalid(entry, { url: entry.url, kind: 'missing-asset', asset: assets });
      continue;
    }
    // The page's locale comes from the site's i18n (a field other builds' entries may not have yet).
    const lang = spec.lang ?? (entry as { locale?: string }).locale;
    const task: DrawTask = { template: spec.template, props: { ...spec.props, assets }, ...(lang ? { lang } : {}) };
    const url = ogImageUrl(entry.url);
    plan.refs.set(entry.url, { url, type: 'image/png', ...OG_SIZE, alt: spec.alt });
    plan.jobs.push({
      pageUrl: entry.url,
      outPath: url.slice(1),
      key: imageKey({ renderer, template, fonts: fonts.get(localeFontsKey(lang, og.localeFonts))!, lang, props: task.props }),
      task,
      file: entry.file,
    });
  }
  return plan;
}

/** What every drawn image depends on besides its props, fingerprinted: the drawing code, the fonts, and each template (or why it does not build). */
export interface OgCode {
  renderer: string;
  /** The fonts of each language, by `localeFonts` key ('' for images in no listed language). */
  fonts: Map<string, string>;
  templates: Map<string, string | Error>;
}

/** The social images' code, fingerprinted (see `OgCode`). */
export async function fingerprintOgCode(og: SocialImages): Promise<OgCode> {
  const templates = new Map(
    await Promise.all(
      Object.entries(og.templates).map(async ([name, file]) => [name, await templateFingerprint(file).catch(asError)] as const),
    ),
  );
  const fonts = new Map(
    await Promise.all(
      ['', ...Object.keys(og.localeFonts ?? {})].map(
        async (key) => [key, await fontsFingerprint(fontsForLang(key || undefined, og.fonts, og.localeFonts).fonts)] as const,
      ),
    ),
  );
  return { renderer: rendererFingerprint(), fonts, templates };
}

/** The spec's assets as `data:` URLs, or the URL of the first one that does not exist. */
async function inlineAssets(
  spec: DrawnImageSpec,
  read: (url: string) => Promise<Uint8Array | undefined>,
): Promise<Record<string, string> | string> {
  const inlined: Record<string, string> = {};
  for (const [name, url] of Object.entries(spec.assets ?? {})) {
    const bytes = await read(url);
    const type = TYPES[path.extname(url).toLowerCase()];
    if (!bytes || !type) return url;
    inlined[name] = `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
  }
  return inlined;
}

/** The bytes of a file published at a root-relative URL, from the first folder that has it. */
async function readPublished(dirs: readonly string[], bounds: InputBounds, url: string): Promise<Uint8Array | undefined> {
  for (const dir of dirs) {
    const file = path.join(dir, decodeURI(url));
    if (!file.startsWith(dir + path.sep)) continue;
    // Only what the static files' listing would publish is read (the listing reports the rest): no
    // dot-file, no path through a link to a folder, no link that `checkLink` refuses.
    const relative = file.slice(dir.length + 1);
    if (relative.split(path.sep).some((part) => part.startsWith('.'))) continue;
    const folder = await fs.realpath(path.dirname(file)).catch(() => undefined);
    if (folder !== path.join(await fs.realpath(dir).catch(() => dir), path.dirname(relative))) continue;
    const stat = await fs.lstat(file).catch(() => undefined);
    if (stat?.isSymbolicLink() && 'diagnostic' in checkLink(file, bounds)) continue;
    const bytes = await fs.readFile(file).catch(() => undefined);
    if (bytes) return bytes;
  }
  return undefined;
}

function memoize<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, load(key));
    return cache.get(key)!;
  };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
