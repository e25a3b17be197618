import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { checkLink, realPath, type InputBounds } from '../safety/input-bounds.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';

/** A file found under a folder: its path relative to the folder (forward slashes) and its absolute path there. */
export interface FoundFile {
  relative: string;
  file: string;
  /** Its real path: for a link, the file it leads to. */
  real: string;
}

/** What a walk found: the files `keep` chose, sorted, and the links under the folder it refused. */
export interface Walk {
  files: FoundFile[];
  /** An error for each link that leads outside the project, to what is never published, to a folder, nowhere, or around in a loop. */
  diagnostics: Diagnostic[];
}

/**
 * Lists the files under a folder whose relative path `keep` accepts, skipping names that start
 * with a dot. A link is never followed before `checkLink` has judged it by its target's path, and
 * only a link to a file that could be published anyway is kept; a link to a folder is never
 * followed, so the walk reads no folder but the ones really under `dir`, whatever a link leads to
 * (a link to `/usr` costs one check, not a walk of `/usr`). Every refused link whose path `keep`
 * accepts is an error at the link. The walk reads folders with their entry types (one call per
 * folder, no stat per file), so it costs what the glob it replaces cost.
 */
export function walkFolder(dir: string, bounds: InputBounds, keep: (relative: string) => boolean): Walk {
  const files: FoundFile[] = [];
  const diagnostics: Diagnostic[] = [];
  // No link to a folder is followed, so a file's real path is the folder's and its relative path.
  const realDir = realPath(dir);
  const visit = (folder: string, prefix: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      // The content folder is checked when the site loads; a folder removed while a dev server reads it is simply empty.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (isHidden(entry.name)) continue;
      // Concatenated, not path.join'd: joining normalizes each path, and that was half the walk's time.
      const file = folder + path.sep + entry.name;
      const relative = prefix + entry.name;
      // Some file systems do not say an entry's type when listing; ask them then (lstat: a link stays a link).
      if (!entry.isDirectory() && !entry.isFile() && !entry.isSymbolicLink()) Object.assign(entry, typeOf(file));
      if (entry.isDirectory()) visit(file, `${relative}/`);
      else if (!keep(relative)) continue;
      else if (entry.isFile()) files.push({ relative, file, real: realDir + path.sep + relative.replaceAll('/', path.sep) });
      else if (entry.isSymbolicLink()) {
        const link = checkLink(file, bounds);
        if ('diagnostic' in link) diagnostics.push(link.diagnostic);
        else files.push({ relative, file, real: link.target });
      }
    }
  };
  visit(path.resolve(dir), '');
  files.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
  return { files, diagnostics };
}

/**
 * A dotfile or dot-folder (`.notes.md`, `.obsidian/`), left out; but not a Markdown file whose
 * name is only dots (`..md`, the shell's `.` command in a cheat sheet): that is a page, whose URL
 * `urlSegmentOfName` (`core/urls.ts`) makes safe.
 */
function isHidden(name: string): boolean {
  return name.startsWith('.') && !isNameOfDots(name);
}

/** Whether a file's name is only dots before `.md` or `.mdx` (`..md`, `....md`): a page, not a dotfile. */
export function isNameOfDots(name: string): boolean {
  return /^\.+\.mdx?$/i.test(name);
}

/**
 * The files of these walks that are hard links whose other names lie elsewhere: an error at each.
 * A file with n names (its link count) is published only when all n are among the files walked,
 * real paths counted once (a symlink and the file it leads to are one name). Where a name is
 * cannot be known otherwise, and it may be `.env`, the site's source or a file outside the
 * project. One stat per file: a link was checked already, and leads to a file.
 */
export function hardLinkProblems(files: readonly FoundFile[]): Diagnostic[] {
  const shared = new Map<string, { names: number; real: Set<string>; found: FoundFile[] }>();
  for (const found of files) {
    const stat = fs.statSync(found.file, { bigint: true, throwIfNoEntry: false });
    if (!stat || stat.nlink < 2n) continue;
    const key = `${stat.dev}:${stat.ino}`;
    let group = shared.get(key);
    if (!group) shared.set(key, (group = { names: Number(stat.nlink), real: new Set(), found: [] }));
    group.real.add(found.real);
    group.found.push(found);
  }
  return [...shared.values()]
    .filter((group) => group.real.size < group.names)
    .flatMap(({ names, real, found }) =>
      found.map(({ file }) => ({ ...diagnose('hard-link-outside', { names, found: real.size }), file, field: 'hard link' })),
    );
}

function typeOf(file: string): Pick<fs.Dirent, 'isDirectory' | 'isFile' | 'isSymbolicLink'> {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  return {
    isDirectory: () => stat?.isDirectory() ?? false,
    isFile: () => stat?.isFile() ?? false,
    isSymbolicLink: () => stat?.isSymbolicLink() ?? false,
  };
}
