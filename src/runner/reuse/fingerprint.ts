import fsSync from 'node:fs';
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

/** The engine's own folder (`src/`, or `lib/` once compiled) and the folder of its package. */
export const ENGINE_DIR = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** What stands for the engine's code in the fingerprint and a receipt: folders whose every file counts, and single files. */
export interface EngineCode {
  folders: string[];
  files: string[];
}

/**
 * The one rule for what of the engine a build depends on. An installed package (under a
 * `node_modules` folder, not a git checkout) changes only with its version: its `package.json`
 * and the project's lock file, which names what was installed, stand for its thousand files, and
 * nothing of it is listed or read. Anywhere else (the engine's repository, a site linked to a
 * checkout) the sources can be edited, and every one of them counts.
 */
export function engineCode(engineDir: string = ENGINE_DIR): EngineCode {
  const root = path.dirname(engineDir);
  const installed = root.split(path.sep).includes('node_modules') && !fsSync.existsSync(path.join(root, '.git'));
  if (installed) return { folders: [], files: [path.join(root, 'package.json')] };
  return { folders: [engineDir], files: [path.join(root, 'package-lock.json')] };
}

/**
 * A hash of the code that turns content into pages: the engine's (see `engineCode`), the site's
 * code (its bundle's hash: the site module and every file it imports), the installed package
 * versions (the lock files), the Node version and the environment the site's code may read
 * (`SITE_*`, NODE_ENV); with what of it a receipt must watch.
 */
export async function codeFingerprint(
  site: SiteCode,
  root: string,
  engine: EngineCode = engineCode(),
): Promise<{ key: string; watch: EngineCode }> {
  const sources = (
    await Promise.all(
      engine.folders.map((dir) => fg('**/*.{ts,tsx,js,mjs,json}', { cwd: dir, absolute: true, followSymbolicLinks: false })),
    )
  ).flat();
  const files = [...new Set([...engine.files, path.join(root, 'package-lock.json')])];
  const parts = await Promise.all(
    [...sources.sort(), ...files].map(async (file) => {
      const text = await fs.readFile(file).catch(() => undefined);
      return `${file}\n${text ? digest(text) : '-'}`;
    }),
  );
  return {
    key: digest([process.version, JSON.stringify(siteEnvironment()), site.hash, ...parts].join('\n')),
    watch: { folders: engine.folders, files },
  };
}

/**
 * A hash of every file besides Markdown in these folders (images, fonts, the favicon): schemas
 * check that images exist, and templates read their sizes, so any change to one counts. A
 * long-lived builder passes `kept`, and files unchanged since its last build are not read again.
 */
export async function filesFingerprint(
  dirs: readonly string[],
  bounds: InputBounds,
  kept?: Kept<string>,
  /** The content folder's data files that collections take: entries, whose own hashes say what changed (see `content/read.ts`). */
  data?: { dir: string; isData: (relative: string) => boolean },
): Promise<string> {
  const listed = dirs.map((dir) => ({ dir, files: listStaticFiles(dir, bounds, dir === data?.dir ? data.isData : undefined) }));
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
