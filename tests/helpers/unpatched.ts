import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unpatchedFiles } from '../../scripts/bench/unpatched.ts';

/**
 * Imports a module of a patched package as the package installed it: the patch undone into a
 * file beside the patched one (`<name>.unpatched.js`), so that its imports resolve as the
 * original's did. The patched module stays what everything else imports.
 */
export async function importUnpatched<T>(patchFile: string, moduleFile: string): Promise<T> {
  const file = path.resolve(moduleFile);
  const original = unpatchedFiles(patchFile).get(file);
  if (original === undefined) throw new Error(`${patchFile} does not change ${moduleFile}`);
  const copy = file.replace(/\.js$/, '.unpatched.js');
  if (!fs.existsSync(copy) || fs.readFileSync(copy, 'utf8') !== original) {
    // Written whole and renamed, as test files may run at the same time.
    const partial = `${copy}.${process.pid}`;
    fs.writeFileSync(partial, original);
    fs.renameSync(partial, copy);
  }
  return (await import(pathToFileURL(copy).href)) as T;
}
