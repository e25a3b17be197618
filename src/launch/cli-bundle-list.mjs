// @ts-check
/** Where the CLI's bundles are kept and listed. Plain JavaScript: `bin/site` reads it before tsx is loaded. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where a project keeps its site definition, relative to its root. */
export const SITE_MODULE = 'templates/site.ts';

/** Bumped when bundles are made differently, so none made the old way is used. */
const FORMAT = 1;

/**
 * Under the engine's `node_modules/.cache` (where tools keep such things), not the system's
 * temporary folder: a bundle leaves packages to Node, which finds them from where the bundle is.
 * Tests give a folder of their own.
 * @returns {string}
 */
export function cliBundleFolder() {
  return process.env.SITE_CLI_BUNDLES ?? fileURLToPath(new URL('../../node_modules/.cache/site/cli', import.meta.url));
}

/**
 * Each site module has its own list, and so has each other entry bundled with it (the bench's build).
 * @param {string} siteModule
 * @param {string} [entry] the entry's name, when not the CLI
 * @returns {string}
 */
export function cliBundleList(siteModule, entry = 'cli') {
  const key = createHash('sha256').update(`${FORMAT}\n${siteModule}\n${entry}`).digest('hex').slice(0, 16);
  return path.join(cliBundleFolder(), `${key}.json`);
}
