import fs from 'node:fs/promises';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { unlessUnchanged, type Kept } from '../core/file-stamps.ts';
import type { OutputFile } from '../output/write.ts';
import { walkFolder } from '../content/walk.ts';
import { isPublishableContent, MARKDOWN_LIKE, PAGE_SOURCE, unpublishableContent } from '../safety/content-types.ts';
import { inputBounds, type InputBounds } from '../safety/input-bounds.ts';
import { NO_DRAFT_BUNDLES, type DraftBundles } from '../content/draft-bundles.ts';
import { checkOutputName } from '../safety/file-names.ts';

/** A file of a folder that is not Markdown, published at the same relative path. */
export interface StaticFile {
  /** Where it is published. */
  path: string;
  file: string;
}

/** The files a build publishes as they are, and the errors that keep others from being published. */
export interface StaticListing {
  files: StaticFile[];
  /** The files of the page bundles of drafts left out, by where they would be published, with their draft's URL: a link to one says why it is broken. */
  drafted: Map<string, string>;
  /** Refused links under either folder, and files of the content folder of a type that may run code. */
  diagnostics: Diagnostic[];
}

type SiteFolders = { root: string; publicDir?: string; contentDir: string };

/**
 * The files of the site's public folder (all but Markdown), then its content folder's pictures,
 * media, fonts and plain data: what is published as it is. Any other file of the content folder
 * (an `.html`, a `.js`) and any link leading outside the project is an error at its path. The
 * files of a draft's page bundle are left out with the draft (`drafts`).
 */
export function listSiteFiles(
  site: SiteFolders,
  bounds: InputBounds = inputBounds(site),
  drafts: DraftBundles = NO_DRAFT_BUNDLES,
): StaticListing {
  const published = site.publicDir
    ? walkFolder(site.publicDir, bounds, (relative) => !relative.endsWith('.md'))
    : { files: [], diagnostics: [] };
  const content = walkFolder(site.contentDir, bounds, (relative) => !MARKDOWN_LIKE.test(relative));
  const refused = content.files.filter(({ relative }) => !isPublishableContent(relative));
  const drafted = new Map<string, string>();
  for (const { relative } of content.files) {
    const draft = drafts.draftOf(relative);
    if (draft) drafted.set(relative, draft);
  }
  // A file of the content folder may not land on the build's or the host's own files (`vercel.json`, `og/`).
  const misplaced = content.files.flatMap((found) =>
    isPublishableContent(found.relative) ? (checkOutputName(found, `/${found.relative}`) ?? []) : [],
  );
  const refusedPaths = new Set(misplaced.map((d) => d.file));
  const publishable = content.files.filter(
    ({ relative, file }) => isPublishableContent(relative) && !drafted.has(relative) && !refusedPaths.has(file),
  );
  return {
    files: [...published.files, ...publishable].map(({ relative, file }) => ({ path: relative, file })),
    drafted,
    diagnostics: [
      ...published.diagnostics,
      ...content.diagnostics,
      ...refused.map(({ file, relative }) => unpublishableContent(file, relative)),
      ...misplaced,
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

/** The files of a folder besides Markdown, sorted by the path they are published at; links leading outside the project are left out. */
export function listStaticFiles(dir: string | undefined, bounds: InputBounds): StaticFile[] {
  if (!dir) return [];
  return walkFolder(dir, bounds, (relative) => !PAGE_SOURCE.test(relative)).files.map(({ relative, file }) => ({ path: relative, file }));
}

function readFiles(files: readonly StaticFile[]): Promise<OutputFile[]> {
  return Promise.all(files.map(async ({ path, file }) => ({ path, contents: await fs.readFile(file) })));
}
