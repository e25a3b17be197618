import fs from 'node:fs';
import path from 'node:path';
import type { Site } from '../site/definition.ts';
import { namedFiles } from '../site/named-files.ts';
import { line } from '../diagnostics/catalogue/index.ts';
import { CACHE_FOLDER } from '../core/cache-folder.ts';

/**
 * A folder (or file) of the project that an output folder must never overlap: every build
 * replaces its output whole, so an output holding a source, or held by one, would delete it or
 * publish it (see "The output folder and atomicity" in docs/security.md).
 */
export interface SourcePlace {
  /** What it is, for the message: "the content folder". */
  what: string;
  path: string;
  /** Only an output that is it or holds it is wrong: the project root holds `dist/` by default. */
  holdingOnly?: boolean;
}

/**
 * Why `out` cannot be an output folder: it is, lies inside or holds one of `places`. Undefined
 * when it overlaps none. Both sides are compared after links are resolved, so a link to the
 * content folder is the content folder.
 */
export function sourceOverlap(out: string, places: readonly SourcePlace[]): string | undefined {
  const target = canonical(out);
  for (const place of places) {
    const source = canonical(place.path);
    const relation =
      target === source
        ? 'is'
        : isInside(source, target)
          ? 'contains'
          : !place.holdingOnly && isInside(target, source)
            ? 'is inside'
            : undefined;
    if (!relation) continue;
    const where = relation === 'is' ? place.what : `${place.what} (${source})`;
    return line('output-overlaps-source', { out, relation, where });
  }
  return undefined;
}

/** Whether `inner` lies strictly below `outer`. */
function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** An absolute path with links resolved, as far as it exists (the rest, not made yet, appended as written). */
function canonical(file: string): string {
  const absolute = path.resolve(file);
  const missing: string[] = [];
  for (let at = absolute; ; at = path.dirname(at)) {
    try {
      return path.join(fs.realpathSync(at), ...missing.reverse());
    } catch {
      if (path.dirname(at) === at) return absolute;
      missing.push(path.basename(at));
    }
  }
}

/** The places known before the site is loaded: the project root (held by no output), `--content`, the cache and `node_modules`. */
export function projectPlaces(root: string, contentDir?: string): SourcePlace[] {
  return [
    { what: 'the project root', path: root, holdingOnly: true },
    ...(contentDir ? [{ what: 'the content folder', path: contentDir }] : []),
    { what: 'the build cache', path: path.join(root, CACHE_FOLDER) },
    { what: 'node_modules', path: path.join(root, 'node_modules') },
  ];
}

/** The places a loaded site names: its content and public folders and every folder of its code (but the project root and any folder above it). */
export function sitePlaces(site: Site): SourcePlace[] {
  const root = path.resolve(site.root);
  const named = namedFiles(site);
  const codeFolders = new Set<string>(named.folders);
  for (const file of [...(site.code?.files ?? []), ...named.files]) {
    const absolute = path.resolve(root, file);
    if (absolute.split(path.sep).includes('node_modules')) continue;
    codeFolders.add(path.dirname(absolute));
  }
  // The root's own files are covered by its entry; a folder above the root would hold every output.
  for (const folder of codeFolders) if (folder === root || isInside(root, folder)) codeFolders.delete(folder);
  return [
    { what: 'the content folder', path: site.contentDir },
    ...(site.publicDir ? [{ what: 'the public folder', path: site.publicDir }] : []),
    ...[...codeFolders].sort().map((folder) => ({ what: "a folder of the site's code", path: folder })),
  ];
}
