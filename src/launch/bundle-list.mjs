// @ts-check
/**
 * Bundles of TypeScript code kept for later runs (the CLI's, the render workers'), each named by a
 * list of the files it was made from with their sizes and times. Plain JavaScript: `bin/site`
 * reads lists before tsx is loaded.
 */
import fs from 'node:fs';
import path from 'node:path';

/** @typedef {{ bundle: string, inputs: Array<[file: string, size: number, mtimeMs: number]> }} BundleList */

/**
 * The bundle a list names, when it exists and every file it was made from is as it was then;
 * touched, so the clearing out of stale bundles (`clearStale` in `bundle-files.ts`) leaves the ones in use.
 * @param {string} listFile
 * @returns {string | undefined}
 */
export function freshBundle(listFile) {
  const list = readList(listFile);
  if (!list || !fs.existsSync(list.bundle) || !list.inputs.every(([file, size, mtimeMs]) => unchanged(file, size, mtimeMs))) return undefined;
  touch(list.bundle);
  touch(listFile);
  // A bundle in parts keeps them in a folder of its own, which is what is cleared.
  touch(path.dirname(list.bundle));
  return list.bundle;
}

/**
 * @param {string} file
 * @returns {BundleList | undefined}
 */
export function readList(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * @param {string} file
 * @param {number} size
 * @param {number} mtimeMs
 */
function unchanged(file, size, mtimeMs) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
}

/** @param {string} file */
function touch(file) {
  const now = new Date();
  fs.utimesSync(file, now, now);
}
