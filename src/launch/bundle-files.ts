import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import type { BundleList } from './bundle-list.mjs';

/** Bundles and lists not used for this long are removed when a new bundle is written. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** `import.meta.url`, `.dirname` and `.filename`, written as a pattern: in plain text, a bundle of this file would have them replaced too. */
const MODULE_LOCATION = /\bimport\.meta\.(url|dirname|filename)\b/g;

/**
 * Inside a bundle, `import.meta` would describe the bundle; the site's own modules use it to find
 * files beside them (styles, fonts, templates). Each keeps its own location, written in as text.
 */
export const keepModuleLocations: esbuild.Plugin = {
  name: 'keep-module-locations',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(file, 'utf8');
      const location = { url: pathToFileURL(file).href, dirname: path.dirname(file), filename: file };
      const contents = source.replace(MODULE_LOCATION, (_, name: keyof typeof location) => JSON.stringify(location[name]));
      if (contents === source) return undefined;
      return { contents, loader: path.extname(file).slice(1).replace(/^[cm]/, '') as esbuild.Loader };
    });
  },
};

/** The files a bundle was made from (stdin and esbuild's own pieces are not files), with their sizes and times now. */
export function bundleInputs(metafile: esbuild.Metafile, root: string): BundleList['inputs'] {
  return Object.keys(metafile.inputs)
    .filter((input) => !input.startsWith('<'))
    .map((input) => {
      const file = path.resolve(root, input);
      const stat = fs.statSync(file);
      return [file, stat.size, stat.mtimeMs];
    });
}

/** Writes under a temporary name then renames, so no reader ever loads half a file. */
export function writeAtomically(file: string, contents: Uint8Array | string): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/** Removes what in `folder` has not been used for a week: lists, bundles, folders of bundles. */
export function clearStale(folder: string): void {
  const now = Date.now();
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && now - stat.mtimeMs > KEEP_MS) fs.rmSync(file, { recursive: true, force: true });
  }
}
