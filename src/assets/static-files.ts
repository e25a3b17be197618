import fs from 'node:fs/promises';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { unlessUnchanged, type Kept } from '../core/file-stamps.ts';
import type { OutputFile } from '../output/write.ts';
import { walkFolder } from '../content/walk.ts';
import { isPublishableContent, MARKDOWN_LIKE, PAGE_SOURCE, unpublishableContent } from '../safety/content-types.ts';
import { inputBounds, type InputBounds } from '../safety/input-bounds.ts';

/** A file of a folder that is not Markdown, published at the same relative path. */
export interface StaticFile {
  /** Where it is published. */
  path: string;
  file: string;
}

/** The files a build publishes as they are, and the errors that keep others from being published. */
export interface StaticListing {
  files: StaticFile[];
  /** Refused links under either folder, and files of the content folder of a type that may run code. */
  diagnostics: Diagnostic[];
}

type SiteFolders = { root: string; publicDir?: string; contentDir: string };

/**
 * The files of the site's public folder (all but Markdown), then its content folder's pictures,
 * media, fonts and plain data: what is published as it is. Any other file of the content folder
 * (an `.html`, a `.js`) and any link leading outside the project is an error at its path. A data
 * file a collection takes is content, not a file to publish.
 */
export function listSiteFiles(
  site: SiteFolders,
  bounds: InputBounds = inputBounds(site),
  /** Data files a collection takes as entries (see `dataFilesOf`): pages, not files to publish. */
  isData: (relative: string) => boolean = () => false,
): StaticListing {
  const published = site.publicDir
    ? walkFolder(site.publicDir, bounds, (relative) => !relative.endsWith('.md'))
    : { files: [], diagnostics: [] };
  const content = walkFolder(site.contentDir, bounds, (relative) => !MARKDOWN_LIKE.test(relative) && !isData(relative));
  const refused = content.files.filter(({ relative }) => !isPublishableContent(relative));
  return {
    files: [...published.files, ...content.files.filter(({ relative }) => isPublishableContent(relative))].map(({ relative, file }) => ({
      path: relative,
      file,
    })),
    diagnostics: [
      ...published.diagnostics,
      ...content.diagnostics,
      ...refused.map(({ file, relative }) => unpublishableContent(file, relative)),
    ],
  };
}

/**
 * Reads the listed files for publishing. A long-lived builder passes `kept`, and files unchanged
 * since its last build are not read again.
 */
export async function staticFiles(listed: readonly StaticFile[], kept?: Kept<OutputFile[]>): Promise<OutputFile[]> {
  return unlessUnchanged(
    listed.map(({ file }) => file),
    kept,
    () => readFiles(listed),
  );
}

/** The files of a folder besides Markdown (and besides the data files `isData` names), sorted by the path they are published at; links leading outside the project are left out. */
export function listStaticFiles(
  dir: string | undefined,
  bounds: InputBounds,
  isData: (relative: string) => boolean = () => false,
): StaticFile[] {
  if (!dir) return [];
  return walkFolder(dir, bounds, (relative) => !PAGE_SOURCE.test(relative) && !isData(relative)).files.map(({ relative, file }) => ({
    path: relative,
    file,
  }));
}

function readFiles(files: readonly StaticFile[]): Promise<OutputFile[]> {
  return Promise.all(files.map(async ({ path, file }) => ({ path, contents: await fs.readFile(file) })));
}
