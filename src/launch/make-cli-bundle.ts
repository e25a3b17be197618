/**
 * Makes the bundle `bin/site` loads the CLI from (see `launch.mjs`), for one site module:
 *
 *   node --import tsx src/launch/make-cli-bundle.ts /path/to/templates/site.ts
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { bundleInputs, clearStale, keepModuleLocations, writeAtomically } from './bundle-files.ts';
import type { BundleList } from './bundle-list.mjs';
import { cliBundleFolder, cliBundleList } from './cli-bundle-list.mjs';

const MAIN = fileURLToPath(new URL('../cli/main.ts', import.meta.url));
const BUNDLED = fileURLToPath(new URL('./bundled.ts', import.meta.url));

/**
 * Bundles the CLI (or another script that loads the site, such as the bench's build) with the
 * site module, writes it and its list, and returns the path of its entry.
 * Packages stay outside, loaded by Node as they are. The commands' own modules stay in chunks of
 * their own, imported when a command runs, as they are unbundled: `--help`, `--version` and an
 * up-to-date build answer without loading the engine, and `NODE_ENV` is set before React loads.
 */
export async function makeCliBundle(siteModule: string, entry: { file: string; name: string } = { file: MAIN, name: 'cli' }): Promise<string> {
  const root = path.dirname(siteModule);
  const folder = cliBundleFolder();
  const result = await esbuild.build({
    stdin: {
      contents: [
        `import { provideBundledModule } from ${JSON.stringify(BUNDLED)};`,
        `provideBundledModule(${JSON.stringify(siteModule)}, () => import(${JSON.stringify(siteModule)}));`,
        // Imported, not statically, so the module above is told of the site before the entry runs.
        `await import(${JSON.stringify(entry.file)});`,
      ].join('\n'),
      resolveDir: root,
      sourcefile: `<site ${entry.name}>`,
      loader: 'ts',
    },
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    packages: 'external',
    write: false,
    metafile: true,
    outdir: folder,
    entryNames: 'main',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'silent',
    plugins: [keepModuleLocations],
  });
  const files = result.outputFiles.map((file) => ({ name: path.relative(folder, file.path), contents: file.contents }));
  // Named by what it holds, so a bundle once written never changes under a run that loads it.
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update(file.contents);
  const bundleFolder = path.join(folder, hash.digest('hex').slice(0, 16));
  fs.mkdirSync(bundleFolder, { recursive: true });
  for (const file of files) writeAtomically(path.join(bundleFolder, file.name), file.contents);
  const bundle = path.join(bundleFolder, 'main.mjs');
  writeAtomically(cliBundleList(siteModule, entry.name), JSON.stringify({ bundle, inputs: bundleInputs(result.metafile, root) } satisfies BundleList));
  clearStale(folder);
  return bundle;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const siteModule = process.argv[2]!;
  const lock = `${cliBundleList(siteModule)}.making`;
  try {
    await makeCliBundle(siteModule);
  } finally {
    fs.rmSync(lock, { force: true });
  }
}
