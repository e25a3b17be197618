import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose, type ParamsOf } from '../diagnostics/catalogue/index.ts';

/**
 * Where the files a build reads may live: inside the project (its root, content and public
 * folders), and never inside what the project holds but did not write by hand: installed
 * packages, the engine's cache, the output (whose last build a link would publish again, each
 * build nesting the one before), and git's own folder (its config can hold tokens). Paths are
 * real paths, so a link is judged by where it really leads.
 */
export interface InputBounds {
  inside: string[];
  forbidden: string[];
}

/** Folder names under the project root that no link may lead into, beside the output folder. */
const MACHINE_FOLDERS = ['node_modules', '.site-cache', '.git', 'dist'];

/** The bounds of a site's inputs; `outDir`, when the output folder is known, is forbidden too. */
export function inputBounds(site: { root: string; contentDir: string; publicDir?: string }, outDir?: string): InputBounds {
  const inside = [site.root, site.contentDir, ...(site.publicDir ? [site.publicDir] : [])].map(realPath);
  const forbidden = [...MACHINE_FOLDERS.map((name) => path.join(site.root, name)), ...(outDir ? [outDir] : [])].map(realPath);
  return { inside, forbidden };
}

/** Where a symlink under a scanned folder leads, when the build may follow it. */
export type LinkCheck = { target: string; isDirectory: boolean } | { diagnostic: Diagnostic };

/**
 * Judges one symlink: it may be followed when it resolves, stays inside the project and leads
 * into none of the forbidden folders (nor, for a folder, holds one). Anything else is an error at
 * the link naming its target, so a link to `/proc/self/environ` or `/etc/passwd` is never read.
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
    const holds = bounds.forbidden.find((folder) => isWithin(folder, target));
    if (holds) return { diagnostic: refused(link, 'symlink-outside-project', { target: shown, holds: path.basename(holds) }) };
  }
  return { target, isDirectory: stat.isDirectory() };
}

/** The error for a link to a folder the walk is already inside: followed, it would never end. */
export function loopDiagnostic(link: string, target: string): Diagnostic {
  return refused(link, 'symlink-loop', { target });
}

type SymlinkCode = 'symlink-outside-project' | 'symlink-loop' | 'symlink-broken';

function refused<C extends SymlinkCode>(link: string, code: C, params: ParamsOf<C>): Diagnostic {
  return { ...diagnose<SymlinkCode>(code, params as ParamsOf<SymlinkCode>), file: link, field: 'symlink' };
}

function realPath(file: string): string {
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
