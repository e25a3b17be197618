import fs from 'node:fs';
import path from 'node:path';

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
 * Runs `work` with a patch undone in `node_modules`, then applies it again (also when `work`
 * fails). For measuring only: every process loading the package meanwhile gets the original.
 */
export async function withoutPatch<T>(patchFile: string, work: () => Promise<T>): Promise<T> {
  const originals = unpatchedFiles(patchFile);
  const patched = new Map([...originals.keys()].map((file) => [file, fs.readFileSync(file, 'utf8')]));
  try {
    for (const [file, text] of originals) fs.writeFileSync(file, text);
    return await work();
  } finally {
    for (const [file, text] of patched) fs.writeFileSync(file, text);
  }
}
