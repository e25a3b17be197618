import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { checkLink, loopDiagnostic, type InputBounds } from '../safety/input-bounds.ts';

/** A file found under a folder: its path relative to the folder (forward slashes) and its absolute path there. */
export interface FoundFile {
  relative: string;
  file: string;
}

/** What a walk found: the files `keep` chose, sorted, and the links under the folder it refused. */
export interface Walk {
  files: FoundFile[];
  /** An error for each link that leads outside the project, into a forbidden folder, nowhere, or around in a loop. */
  diagnostics: Diagnostic[];
}

/**
 * Lists the files under a folder whose relative path `keep` accepts, skipping names that start
 * with a dot. A symlink is followed only when `checkLink` allows it (inside the project, outside
 * node_modules, the cache and the output), and a link to a folder the walk is already inside is a
 * loop; every refused link whose path `keep` accepts is an error at the link. The walk reads
 * folders with their entry types (one call per folder, no stat per file), so it costs what the
 * glob it replaces cost.
 */
export function walkFolder(dir: string, bounds: InputBounds, keep: (relative: string) => boolean): Walk {
  const files: FoundFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const visit = (folder: string, prefix: string, realFolders: readonly string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      // The content folder is checked when the site loads; a folder removed while a dev server reads it is simply empty.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      // Concatenated, not path.join'd: joining normalizes each path, and that was half the walk's time.
      const file = folder + path.sep + entry.name;
      const relative = prefix + entry.name;
      // Some file systems do not say an entry's type when listing; ask them then.
      if (!entry.isDirectory() && !entry.isFile() && !entry.isSymbolicLink()) Object.assign(entry, typeOf(file));
      if (entry.isDirectory()) visit(file, `${relative}/`, [...realFolders, realFolders.at(-1)! + path.sep + entry.name]);
      else if (entry.isFile()) {
        if (keep(relative)) files.push({ relative, file });
      } else if (entry.isSymbolicLink()) {
        const link = checkLink(file, bounds);
        if ('diagnostic' in link) {
          if (keep(relative)) diagnostics.push(link.diagnostic);
        } else if (!link.isDirectory) {
          if (keep(relative)) files.push({ relative, file });
        } else if (realFolders.some((real) => real === link.target || real.startsWith(link.target + path.sep))) {
          if (keep(relative)) diagnostics.push(loopDiagnostic(file, link.target));
        } else visit(file, `${relative}/`, [...realFolders, link.target]);
      }
    }
  };
  visit(path.resolve(dir), '', [realPath(dir)]);
  files.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
  return { files, diagnostics };
}

function typeOf(file: string): Pick<fs.Dirent, 'isDirectory' | 'isFile' | 'isSymbolicLink'> {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  return {
    isDirectory: () => stat?.isDirectory() ?? false,
    isFile: () => stat?.isFile() ?? false,
    isSymbolicLink: () => stat?.isSymbolicLink() ?? false,
  };
}

function realPath(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}
