import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { OutputFile } from '../output/write.ts';

/** Every file in a folder that is not Markdown, to be published at the same relative path. */
export async function collectStaticFiles(dir: string | undefined): Promise<OutputFile[]> {
  if (!dir) return [];
  const relatives = await fg(['**/*', '!**/*.md'], { cwd: dir, onlyFiles: true, dot: false });
  relatives.sort();
  return Promise.all(relatives.map(async (relative) => ({ path: relative, contents: await fs.readFile(path.join(dir, relative)) })));
}

/** The files of the site's public folder, then its content folder's besides Markdown, published as they are. */
export async function staticFiles(site: { publicDir?: string; contentDir: string }): Promise<OutputFile[]> {
  return [...(await collectStaticFiles(site.publicDir)), ...(await collectStaticFiles(site.contentDir))];
}
