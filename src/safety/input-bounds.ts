import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose, type ParamsOf } from '../diagnostics/catalogue/index.ts';
import { CACHE_FOLDER } from '../core/cache-folder.ts';

/**
 * Where the files a build reads may live, as real paths, so a link is judged by where it really
 * leads. `inside`: the project (its root, content and public folders), never what the project
 * holds but did not write by hand (`forbidden`: installed packages, the engine's cache, the
 * output, whose last build a link would publish again, each build nesting the one before, and
 * git's own folder, whose config can hold tokens). `published`: the content and public folders,
 * the only places a link may lead to, since a link may lead only to what could be published
 * anyway; `source`: the site's own code (its definition, templates, the files it names), which a
 * link never publishes even where it lies inside those folders.
 */
export interface InputBounds {
  inside: string[];
  forbidden: string[];
  published: string[];
  source: string[];
}

/** Folder names under the project root that no link may lead into, beside the output folder. */
const MACHINE_FOLDERS = ['node_modules', CACHE_FOLDER, '.git', 'dist'];

/**
 * What of a site its bounds are made from: its folders, and its source where the caller knows it
 * (`siteBounds` in `site/named-files.ts`): the files of its code and the folders they lie in.
 */
export interface BoundedSite {
  root: string;
  contentDir: string;
  publicDir?: string;
  source?: { files: readonly string[]; folders: readonly string[] };
}

/** The bounds of a site's inputs; `outDir`, when the output folder is known, is forbidden too. */
export function inputBounds(site: BoundedSite, outDir?: string): InputBounds {
  const published = [site.contentDir, ...(site.publicDir ? [site.publicDir] : [])].map(realPath);
  const root = realPath(site.root);
  const forbidden = [...MACHINE_FOLDERS.map((name) => path.join(site.root, name)), ...(outDir ? [outDir] : [])].map(realPath);
  // A folder of the source that is the project's root, or that holds or lies in the content or
  // public folder, counts by its files alone: the root holds everything, and a template may import
  // a data file of the content folder.
  const folders = (site.source?.folders ?? [])
    .map(realPath)
    .filter(
      (folder) =>
        folder !== root && isWithin(folder, root) && !published.some((place) => isWithin(folder, place) || isWithin(place, folder)),
    );
  const source = [...new Set([...(site.source?.files ?? []).map(realPath), ...folders])];
  return { inside: [root, ...published], forbidden, published, source };
}

/** Where a symlink under a scanned folder leads, when the build may follow it: always a file. */
export type LinkCheck = { target: string } | { diagnostic: Diagnostic };

/**
 * Judges one symlink, looking at nothing behind it but its target's path and type (a readlink, a
 * realpath and a stat: bounded, whatever the target holds). It may be followed only when it leads
 * to a file that the content or public folder would publish anyway: inside one of them, outside
 * node_modules, the cache and the output, not a dot-file (no part of its path below the folder
 * starts with "."), not the site's source. A link to a folder is never followed (a loop when the
 * folder holds the link). Anything else is an error at the link naming its target, so a link to
 * `/proc/self/environ`, `/etc/passwd`, `../.env` or `site.config.tsx` is never read.
 */
export function checkLink(link: string, bounds: InputBounds): LinkCheck {
  let written: string;
  try {
    written = fs.readlinkSync(link);
  } catch {
    written = '(unreadable)';
  }
  let target: string;
  try {
    target = fs.realpathSync(link);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { diagnostic: loopDiagnostic(link, written) };
    const lexical = path.resolve(path.dirname(link), written);
    if (!isWithinAny(lexical, bounds.inside))
      return { diagnostic: refused(link, 'symlink-outside-project', { target: JSON.stringify(written) }) };
    return { diagnostic: refused(link, 'symlink-broken', { target: JSON.stringify(written), errno: code ?? 'unreadable', missing: true }) };
  }
  const shown = `${JSON.stringify(written)}${path.resolve(path.dirname(link), written) === target ? '' : ` (${target})`}`;
  const into = bounds.forbidden.find((folder) => isWithin(target, folder));
  if (into) return { diagnostic: refused(link, 'symlink-outside-project', { target: shown, into: path.basename(into) }) };
  if (!isWithinAny(target, bounds.inside)) return { diagnostic: refused(link, 'symlink-outside-project', { target: shown }) };
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch (error) {
    return { diagnostic: refused(link, 'symlink-broken', { target: shown, errno: String((error as NodeJS.ErrnoException).code) }) };
  }
  if (stat.isDirectory()) {
    // A folder holding the link: followed, the walk would never end.
    if (isWithin(realPath(path.dirname(link)), target)) return { diagnostic: loopDiagnostic(link, target) };
    return { diagnostic: refused(link, 'symlink-not-publishable', { target: shown, what: 'folder' }) };
  }
  const what = unpublishable(target, bounds);
  if (what) return { diagnostic: refused(link, 'symlink-not-publishable', { target: shown, what }) };
  return { target };
}

/** Why a file of the project (a real path) could not be published: a dot-file, the site's source, or a place outside the published folders. */
function unpublishable(target: string, bounds: InputBounds): 'dot-file' | 'source' | 'elsewhere' | undefined {
  const place = bounds.published.find((folder) => isWithin(target, folder));
  // Names are judged below the folder that would publish the file, else below the project's root
  // (`../.env`, `.github/…`): never the folders above, whatever they are called.
  const below = path.relative(place ?? bounds.inside[0]!, target);
  if (below.split(path.sep).some((part) => part.startsWith('.'))) return 'dot-file';
  if (bounds.source.some((source) => isWithin(target, source))) return 'source';
  return place ? undefined : 'elsewhere';
}

/** The error for a link to a folder the walk is already inside: followed, it would never end. */
export function loopDiagnostic(link: string, target: string): Diagnostic {
  return refused(link, 'symlink-loop', { target });
}

type SymlinkCode = 'symlink-outside-project' | 'symlink-loop' | 'symlink-broken' | 'symlink-not-publishable';

function refused<C extends SymlinkCode>(link: string, code: C, params: ParamsOf<C>): Diagnostic {
  return { ...diagnose<SymlinkCode>(code, params as ParamsOf<SymlinkCode>), file: link, field: 'symlink' };
}

/** A path with every link on it resolved, or the path itself (made absolute) when it does not exist. */
export function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

function isWithin(file: string, folder: string): boolean {
  return file === folder || file.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
}

function isWithinAny(file: string, folders: readonly string[]): boolean {
  return folders.some((folder) => isWithin(file, folder));
}
