import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { bundleInputs, clearStale, keepModuleLocations, writeAtomically } from '../launch/bundle-files.ts';
import { freshBundle, type BundleList } from '../launch/bundle-list.mjs';

const SERVICE = fileURLToPath(new URL('./render-service.ts', import.meta.url));

/** Where bundles are kept, each beside a list of the files it was made from (tests give a folder of their own). */
const folder = () => process.env.SITE_WORKER_BUNDLES ?? path.join(os.tmpdir(), 'site-render-workers');

/**
 * Render workers load the site from one bundled file when there is an up-to-date one. Loaded
 * through tsx, a worker took 0.45 s (idle machine) to 1.5 s (during a build) to import the
 * site's few hundred modules, one round trip to tsx's loader thread each, while the main thread
 * parsed content alone; from a bundle, 0.12 s to 0.35 s. Making one takes esbuild about a
 * quarter of a second, but more than a second during a build (its plugin and messages wait on a
 * busy main thread), so a build uses the bundle the last one left and, when there is none or a
 * file it was made from has changed since, loads its workers through tsx and makes a new one
 * alongside. Like tsx's own cache of compiled files, bundles live in the system's temporary folder.
 */
export function renderWorkerBundle(module: string): { file?: string; refresh?: Promise<string | undefined> } {
  const file = freshBundle(listFile(module));
  return file ? { file } : { refresh: makeBundle(module) };
}

/** Forgets the bundle of a site module (one that failed to load), so the next build makes a new one. */
export function forgetRenderWorkerBundle(module: string): void {
  fs.rmSync(listFile(module), { force: true });
}

/** Bumped when bundles are made differently, so none made the old way is used. */
const FORMAT = 2;

/** Each site module (under each NODE_ENV, which picks React's build) has its own list. */
function listFile(module: string): string {
  const key = createHash('sha256').update(`${FORMAT}\n${module}\n${process.env.NODE_ENV ?? ''}\n${process.version}`).digest('hex').slice(0, 16);
  return path.join(folder(), `${key}.json`);
}

/** Bundles a render worker for the site module at `module`, writes it and its list, and returns its path (undefined if esbuild could not). */
export async function makeBundle(module: string): Promise<string | undefined> {
  try {
    const root = path.dirname(module);
    const result = await esbuild.build({
      stdin: {
        contents: `import site from ${JSON.stringify(module)};\nimport { serveRenderRequests } from ${JSON.stringify(SERVICE)};\nserveRenderRequests(site);\n`,
        resolveDir: root,
        sourcefile: '<render worker>',
        loader: 'ts',
      },
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      logLevel: 'silent',
      // CommonJS packages in an ES module bundle call require for Node's own modules.
      banner: { js: `import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(${JSON.stringify(module)});` },
      // React picks its production or development build from NODE_ENV, as it would unbundled.
      define: process.env.NODE_ENV === undefined ? {} : { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV) },
      plugins: [keepModuleLocations],
    });
    const code = result.outputFiles![0]!.contents;
    const bundle = path.join(folder(), `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    const inputs = bundleInputs(result.metafile!, root);
    fs.mkdirSync(folder(), { recursive: true });
    writeAtomically(bundle, code);
    writeAtomically(listFile(module), JSON.stringify({ bundle, inputs } satisfies BundleList));
    clearStale(folder());
    return bundle;
  } catch {
    return undefined;
  }
}
