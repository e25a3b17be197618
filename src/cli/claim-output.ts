import path from 'node:path';
import { checkOutputParent, lockFile, lockOutput } from '../output/lock.ts';
import { foreignOutput } from '../output/ownership.ts';
import { removeAbandonedSideFolders } from '../output/side-folders.ts';
import { projectPlaces, sitePlaces, sourceOverlap } from './source-guard.ts';
import { unusableOutputFolder } from './options.ts';

/** Says that a leftover of a killed build could not be removed (the build goes on). */
export function warnStuck(folder: string, error: Error): void {
  console.error(`site: ${folder}, left by a build that was killed, could not be removed (${error.message}); it is left as it is.`);
}

/**
 * Takes the output folder `out` for this build, before the site is loaded: refuses (through
 * `invalid`, exit 2, nothing written or deleted) a folder that is a file, overlaps the project's
 * sources, or holds someone's files; then locks it (another build holding it stops this one) and
 * repairs what killed builds left beside it. See docs/security.md, "The output folder and atomicity".
 */
export async function claimOutput(
  out: string,
  project: { root: string; config?: string; content?: string; cacheDir: string },
  invalid: (problem: string) => never,
): Promise<void> {
  const unusable = unusableOutputFolder(out) ?? sourceOverlap(out, projectPlaces(project.root, project.content));
  if (unusable) invalid(unusable);
  const foreign = foreignOutput(out);
  if (foreign) {
    // Someone's folder, maybe one the site names (its content folder): say which, if the site loads.
    const { loadSite } = await import('../site/load.ts');
    const site = await loadSite(project.root, project.config, { contentDir: project.content }).catch(() => undefined);
    invalid((site && sourceOverlap(out, sitePlaces(site))) || foreign);
  }
  checkOutputParent(out);
  lockOutput(lockFile(project.cacheDir, path.resolve(out)), out);
  // Before the up-to-date check: a build killed mid-way leaves its staging folder even when the
  // next build has nothing to change (and a swap cut short may have set the output aside).
  removeAbandonedSideFolders(out, Date.now(), warnStuck);
}
