import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { unlessUnchanged, type Kept } from '../incremental/file-stamps.ts';
import type { OutputFile } from '../output/write.ts';

/**
 * The files of the site's public folder, then its content folder's besides Markdown, published as
 * they are. A long-lived builder passes `kept`, and files unchanged since its last build are not read again.
 */
export async function staticFiles(site: { publicDir?: string; contentDir: string }, kept?: Kept<OutputFile[]>): Promise<OutputFile[]> {
  const listed = [...(await listStaticFiles(site.publicDir)), ...(await listStaticFiles(site.contentDir))];
  return unlessUnchanged(
    listed.map(({ file }) => file),
    kept,
    () => readFiles(listed),
  );
}

/** A file of a folder that is not Markdown, published at the same relative path. */
export interface StaticFile {
  /** Where it is published. */
  path: string;
  file: string;
}

/** The files of a folder besides Markdown, sorted by the path they are published at. */
export async function listStaticFiles(dir: string | undefined): Promise<StaticFile[]> {
  if (!dir) return [];
  const relatives = await fg(['**/*', '!**/*.{md,mdx}'], { cwd: dir, onlyFiles: true, dot: false });
  return relatives.sort().map((relative) => ({ path: relative, file: path.join(dir, relative) }));
}

function readFiles(files: readonly StaticFile[]): Promise<OutputFile[]> {
  return Promise.all(files.map(async ({ path, file }) => ({ path, contents: await fs.readFile(file) })));
}
