import { readContent } from '../content/read.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostics.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { normalizeUrlPath } from '../core/urls.ts';
import { planOgImages } from '../og/plan.ts';
import { renderOgImages, type OgRenderOptions } from './social-images.ts';

export interface RegenerateOptions extends OgRenderOptions {
  /** Only the image of the page at this URL path (default: every page's). */
  only?: string;
  /** Draw the drafts' images too (`draft: true`), as `site serve` and `site build --drafts` show them (default false). */
  drafts?: boolean;
}

export interface RegenerateResult {
  diagnostics: Diagnostic[];
  /** How many content files were read. */
  fileCount: number;
  /** How many drawn images were considered (after `only`). */
  images: number;
  drawn: number;
  reused: number;
  workers: number;
  /** Each considered page's image in the cache, by page URL. */
  cacheFiles: Map<string, string>;
  /** Set when `only` names no page with a drawn image: why not. */
  notFound?: string;
}

/**
 * Brings the social-image cache up to date without building pages: reads the content, plans
 * every page's image and draws the stale ones (or all, with `force`), so the next build reuses them.
 */
export async function regenerateOgImages(site: SiteDefinition, options: RegenerateOptions = {}): Promise<RegenerateResult> {
  const content = await readContent(site, { drafts: options.drafts });
  const result: RegenerateResult = {
    diagnostics: content.diagnostics,
    fileCount: content.fileCount,
    images: 0,
    drawn: 0,
    reused: 0,
    workers: 0,
    cacheFiles: new Map(),
  };
  if (hasErrors(result.diagnostics)) return result;

  const plan = await planOgImages(site, content.catalogue);
  result.diagnostics.push(...plan.diagnostics);
  if (hasErrors(result.diagnostics)) return result;

  const only = options.only === undefined ? undefined : normalizeUrlPath(options.only);
  const jobs = only === undefined ? plan.jobs : plan.jobs.filter((job) => job.pageUrl === only);
  if (only !== undefined && !jobs.length) {
    const page = content.catalogue.byPath(only);
    result.notFound = !page
      ? content.draftUrls.includes(only)
        ? `The page ${only} is a draft: add --drafts to draw its image.`
        : `No page is published at ${only}.`
      : plan.refs.has(only)
        ? `The page ${only} names a hand-made image (${plan.refs.get(only)!.url}); there is nothing to draw.`
        : `The page ${only} has no social image.`;
    return result;
  }
  const images = await renderOgImages(site, jobs, options);
  result.diagnostics.push(...images.diagnostics);
  return {
    ...result,
    images: jobs.length,
    drawn: images.drawn,
    reused: images.reused,
    workers: images.workers,
    cacheFiles: images.cacheFiles,
  };
}
