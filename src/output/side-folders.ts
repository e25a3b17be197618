import fs from 'node:fs';
import path from 'node:path';
import { processRunning } from './processes.ts';

/**
 * The folders a disk build keeps beside its output: `<out>.tmp-<pid>-<random>` while it stages
 * the next output, `<out>.old-<pid>-<random>` for the moment the two are swapped. A build killed
 * meanwhile leaves them behind; the next build into the same output removes them.
 */
export type SideFolderKind = 'tmp' | 'old';

/** The side folder of one build, named by its process, so another build can tell whether its owner still runs. */
export function sideFolder(target: string, kind: SideFolderKind, suffix: string): string {
  return `${target}.${kind}-${suffix}`;
}

/** A side folder older than this belongs to no running build, whatever process now has its pid. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the side folders of `target` that builds no longer running left behind: their process
 * is gone (or the folder is a day old, its pid reused since). This process's own are kept, as are
 * those of builds still running. An old output left by a swap cut short between its two renames
 * is the output, not litter: when `target` is missing it is put back in its place.
 * Returns the folders removed or restored. A folder that cannot be removed (see `removeTree`) is
 * passed to `onStuck` and left: litter never fails the build that finds it.
 */
export function removeAbandonedSideFolders(target: string, now = Date.now(), onStuck?: (folder: string, error: Error) => void): string[] {
  const parent = path.dirname(target);
  const pattern = new RegExp(`^${escapeRegExp(path.basename(target))}\\.(tmp|old)-(\\d+)-[0-9a-f]{8}$`);
  const handled: string[] = [];
  // An old output first: with the output missing, it is the one to put back.
  const names = listFolder(parent).sort((a, b) => Number(b.includes('.old-')) - Number(a.includes('.old-')));
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const folder = path.join(parent, name);
    const stat = fs.statSync(folder, { throwIfNoEntry: false });
    if (!stat || (processRunning(Number(match[2])) && now - stat.mtimeMs < ABANDONED_AFTER_MS)) continue;
    try {
      if (match[1] === 'old' && !fs.existsSync(target)) fs.renameSync(folder, target);
      else removeTree(folder);
      handled.push(folder);
    } catch (error) {
      onStuck?.(folder, error as Error);
    }
  }
  return handled;
}

/**
 * Removes a side folder, even one whose folders were made read-only after it was written (an
 * output someone protected, set aside by a swap): they are made writable again first, which the
 * owner of the files may always do.
 */
export function removeTree(folder: string): void {
  try {
    fs.rmSync(folder, { recursive: true, force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    fs.chmodSync(folder, 0o700);
    for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isDirectory()) fs.chmodSync(path.join(entry.parentPath, entry.name), 0o700);
    }
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

function listFolder(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
