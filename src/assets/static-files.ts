import fs from 'node:fs/promises';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { unlessUnchanged, type Kept } from '../core/file-stamps.ts';
import type { OutputFile } from '../output/write.ts';
import { hardLinkProblems, walkFolder } from '../content/walk.ts';
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
 * (an `.html`, a `.js`), any link leading to what could not be published anyway and any hard link
 * whose other names lie elsewhere is an error at its path. The files of a draft's page bundle are
 * left out with the draft (`drafts`); a data file a collection takes is content, not a file to
 * publish (`isData`).
 */
export function listSiteFiles(
  site: SiteFolders,
  bounds: InputBounds = inputBounds(site),
  drafts: DraftBundles = NO_DRAFT_BUNDLES,
  /** Data files a collection takes as entries (see `dataFilesOf`): pages, not files to publish. */
  isData: (relative: string) => boolean = () => false,
): StaticListing {
  const published = site.publicDir
    ? walkFolder(site.publicDir, bounds, (relative) => !relative.endsWith('.md'))
    : { files: [], diagnostics: [] };
  const content = walkFolder(site.contentDir, bounds, (relative) => !MARKDOWN_LIKE.test(relative) && !isData(relative));
  const refused = content.files.filter(({ relative }) => !isPublishableContent(relative));
  const drafted = new Map<string, string>();
  for (const { relative } of content.files) {
    const draft = drafts.draftOf(relative);
    if (draft) drafted.set(relative, draft);
  }
  const contentKept = content.files.filter(({ relative }) => isPublishableContent(relative));
  // A file of the content folder may not land on the build's or the host's own files (`vercel.json`, `og/`).
  const misplaced = contentKept.flatMap((found) => checkOutputName(found, `/${found.relative}`) ?? []);
  // Both folders' files are one set of names: a file hard-linked from one into the other is found whole.
  const hardLinks = hardLinkProblems([...published.files, ...contentKept]);
  const refusedPaths = new Set([...misplaced, ...hardLinks].map((diagnostic) => diagnostic.file));
  const kept = [...published.files, ...contentKept.filter(({ relative }) => !drafted.has(relative))];
  return {
    files: kept.filter(({ file }) => !refusedPaths.has(file)).map(({ relative, file }) => ({ path: relative, file })),
    drafted,
    diagnostics: [
      ...published.diagnostics,
      ...content.diagnostics,
      ...refused.map(({ file, relative }) => unpublishableContent(file, relative)),
      ...misplaced,
      ...hardLinks,
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
