import fs from 'node:fs/promises';
import { SiteConfigError } from '../diagnostics/config-error.ts';

/**
 * A build that would take more than half of the pages away from an existing output: a content
 * folder named wrongly, or emptied by mistake, would otherwise deploy a site with nothing on it.
 */
export class OutputShrinkError extends SiteConfigError {
  override name = 'OutputShrinkError';
}

/** Counts the pages (`.html` files) of an output: every path of its files, or the folder on disk. */
export function countPages(paths: Iterable<string>): number {
  let pages = 0;
  for (const file of paths) if (file.endsWith('.html')) pages++;
  return pages;
}

/** The pages in a folder and all folders under it; none when it does not exist. */
export async function pagesOnDisk(folder: string): Promise<number> {
  try {
    return countPages(await fs.readdir(folder, { recursive: true }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** Rejects, writing nothing, when the next output would have fewer than half the pages of the current one. */
export async function guardAgainstShrinking(target: string, nextPaths: Iterable<string>): Promise<void> {
  const before = await pagesOnDisk(target);
  const after = countPages(nextPaths);
  if (after * 2 >= before) return;
  throw new OutputShrinkError(
    `This build would leave ${after} of the ${before} pages in ${target}, removing more than half of them, so it stopped and changed nothing. ` +
      'Check the content folder (--content) and the site definition; if the site really shrank, build again with --allow-shrink.',
  );
}
