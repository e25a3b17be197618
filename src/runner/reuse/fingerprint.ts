import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import type { SiteCode } from '../../site/definition.ts';
import { digest } from '../../core/digest.ts';
import { unlessUnchanged, type Kept } from '../../core/file-stamps.ts';
import { listStaticFiles } from '../../assets/static-files.ts';
import type { InputBounds } from '../../safety/input-bounds.ts';
import { siteEnvironment } from './receipt.ts';

/** The engine's own folder (`src/`) and the project folder holding its package lock. */
export const ENGINE_DIR = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const ENGINE_ROOT = path.dirname(ENGINE_DIR);

/**
 * A hash of the code that turns content into pages: every engine source file, the site's code
 * (its bundle's hash: the site module and every file it imports), the installed package versions
 * (the lock files), the Node version and the environment the site's code may read (`SITE_*`,
 * NODE_ENV); with the lock files, which a receipt must watch too.
 */
export async function codeFingerprint(site: SiteCode, root: string): Promise<{ key: string; locks: string[] }> {
  const engine = (await fg('**/*.{ts,tsx,js,mjs,json}', { cwd: ENGINE_DIR, absolute: true })).sort();
  const locks = [...new Set([ENGINE_ROOT, root].map((dir) => path.join(dir, 'package-lock.json')))];
  const parts = await Promise.all(
    [...engine, ...locks].map(async (file) => {
      const text = await fs.readFile(file).catch(() => undefined);
      return `${file}\n${text ? digest(text) : '-'}`;
    }),
  );
  return { key: digest([process.version, JSON.stringify(siteEnvironment()), site.hash, ...parts].join('\n')), locks };
}

/**
 * A hash of every file besides Markdown in these folders (images, fonts, the favicon): schemas
 * check that images exist, and templates read their sizes, so any change to one counts. A
 * long-lived builder passes `kept`, and files unchanged since its last build are not read again.
 */
export async function filesFingerprint(dirs: readonly string[], bounds: InputBounds, kept?: Kept<string>): Promise<string> {
  const listed = dirs.map((dir) => ({ dir, files: listStaticFiles(dir, bounds) }));
  return unlessUnchanged(
    listed.flatMap(({ files }) => files.map(({ file }) => file)),
    kept,
    async () => {
      const parts: string[] = [];
      for (const { dir, files } of listed)
        parts.push(dir, ...(await Promise.all(files.map(async ({ path, file }) => `${path}\n${digest(await fs.readFile(file))}`))));
      return digest(parts.join('\n'));
    },
  );
}
