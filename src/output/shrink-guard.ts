import { SiteConfigError } from '../diagnostics/config-error.ts';
import type { FolderSurvey } from './survey.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

/**
 * A build that would take more than half of the pages, or of the files, away from an existing
 * output: a content folder named wrongly, or emptied by mistake, would otherwise deploy a site
 * with nothing on it.
 */
export class OutputShrinkError extends SiteConfigError {
  override name = 'OutputShrinkError';
}

/** Counts the pages (`.html` files) among paths. */
export function countPages(paths: Iterable<string>): number {
  let pages = 0;
  for (const file of paths) if (file.endsWith('.html')) pages++;
  return pages;
}

/**
 * Rejects, writing nothing, when the next output would keep fewer than half of the pages, or
 * fewer than half of all the files, of the output as it is now (`current`: every file a build
 * left there, images, scripts and feeds as much as pages).
 */
export function guardAgainstShrinking(target: string, current: FolderSurvey | undefined, nextPaths: ReadonlySet<string>): void {
  if (!current) return;
  const [pagesBefore, pagesAfter] = [countPages(current.files), countPages(nextPaths)];
  const [filesBefore, filesAfter] = [current.files.length, nextPaths.size];
  const what =
    pagesAfter * 2 < pagesBefore
      ? phrase('output-shrink-pages', { after: pagesAfter, before: pagesBefore })
      : filesAfter * 2 < filesBefore
        ? phrase('output-shrink-files', { after: filesAfter, before: filesBefore })
        : undefined;
  if (!what) return;
  throw new OutputShrinkError(phrase('output-shrink', { what, target }));
}
