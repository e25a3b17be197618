import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The files a patch in `patches/` changes, as the package installed them: each read from
 * `node_modules` (patched by patch-package on install) with the patch's hunks reversed. Keys
 * are absolute paths.
 */
export function unpatchedFiles(patchFile: string): Map<string, string> {
  const originals = new Map<string, string>();
  const patch = fs.readFileSync(path.resolve(root, patchFile), 'utf8');
  for (const section of patch.split(/^(?=diff --git )/m).filter((part) => part.startsWith('diff --git '))) {
    const file = path.join(root, /^\+\+\+ b\/(.+)$/m.exec(section)![1]!);
    originals.set(file, reverse(fs.readFileSync(file, 'utf8'), section, file));
  }
  return originals;
}

/** `patched` with the hunks of one file's section of a unified diff undone. */
function reverse(patched: string, section: string, file: string): string {
  const lines = patched.split('\n');
  // Hunks from the last, so the line numbers of earlier ones still hold.
  const hunks = section.split(/^(?=@@ )/m).slice(1).reverse();
  for (const hunk of hunks) {
    const [, oldStart, newStart] = /^@@ -(\d+)(?:,\d+)? \+(\d+)/.exec(hunk)!.map(Number);
    const body = hunk.split('\n').slice(1).filter((line) => line !== '' && !line.startsWith('\\'));
    const after = body.filter((line) => !line.startsWith('-')).map((line) => line.slice(1));
    const before = body.filter((line) => !line.startsWith('+')).map((line) => line.slice(1));
    const holds = (at: number, expected: string[]) => lines.slice(at, at + expected.length).join('\n') === expected.join('\n');
    const at = Math.max(newStart! - 1, 0);
    if (holds(at, after)) lines.splice(at, after.length, ...before);
    // Not applied (patch-package --reverse, or a package reinstalled without it): already the original.
    else if (!holds(Math.max(oldStart! - 1, 0), before)) throw new Error(`${file} holds neither side of ${hunk.split('\n', 1)[0]}: is the package the version the patch is for?`);
  }
  return lines.join('\n');
}

/**
 * Writes a module of a patched package as the package installed it, the patch undone, into a
 * file beside the patched one (`<name>.unpatched.js`), so that its imports resolve as the
 * original's did; returns that file. The patched module stays what everything else imports.
 */
export function writeUnpatched(patchFile: string, moduleFile: string): string {
  const file = path.resolve(root, moduleFile);
  const original = unpatchedFiles(patchFile).get(file);
  if (original === undefined) throw new Error(`${patchFile} does not change ${moduleFile}`);
  const copy = file.replace(/\.js$/, '.unpatched.js');
  if (!fs.existsSync(copy) || fs.readFileSync(copy, 'utf8') !== original) {
    // Written whole and renamed: test files may run at the same time.
    const partial = `${copy}.${process.pid}`;
    fs.writeFileSync(partial, original);
    fs.renameSync(partial, copy);
  }
  return copy;
}

/** Imports a module of a patched package as the package installed it (see `writeUnpatched`). */
export async function importUnpatched<T>(patchFile: string, moduleFile: string): Promise<T> {
  return (await import(pathToFileURL(writeUnpatched(patchFile, moduleFile)).href)) as T;
}
