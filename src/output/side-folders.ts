import fs from 'node:fs';
import path from 'node:path';

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
 * Returns the folders removed or restored.
 */
export function removeAbandonedSideFolders(target: string, now = Date.now()): string[] {
  const parent = path.dirname(target);
  const pattern = new RegExp(`^${escapeRegExp(path.basename(target))}\\.(tmp|old)-(\\d+)-[0-9a-f]{8}$`);
  const handled: string[] = [];
  for (const name of listFolder(parent)) {
    const match = pattern.exec(name);
    if (!match) continue;
    const folder = path.join(parent, name);
    const stat = fs.statSync(folder, { throwIfNoEntry: false });
    if (!stat || (running(Number(match[2])) && now - stat.mtimeMs < ABANDONED_AFTER_MS)) continue;
    if (match[1] === 'old' && !fs.existsSync(target)) fs.renameSync(folder, target);
    else fs.rmSync(folder, { recursive: true, force: true });
    handled.push(folder);
  }
  return handled;
}

/** Whether a process runs (this one always does); one that exists but is not ours to signal runs too. */
function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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
