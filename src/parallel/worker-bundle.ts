import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const SERVICE = fileURLToPath(new URL('./render-service.ts', import.meta.url));

/** Where bundles are kept, each beside a list of the files it was made from (tests give a folder of their own). */
const folder = () => process.env.SITE_WORKER_BUNDLES ?? path.join(os.tmpdir(), 'site-render-workers');

/** Bundles and lists not used for this long are removed when a new bundle is written. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** The files a bundle was made from, as they were then. */
interface BundleList {
  bundle: string;
  inputs: Array<[file: string, size: number, mtimeMs: number]>;
}

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
  const list = readList(listFile(module));
  const fresh = list && fs.existsSync(list.bundle) && list.inputs.every(([file, size, mtimeMs]) => unchanged(file, size, mtimeMs));
  if (fresh) {
    // Touched, so the clearing out of stale bundles leaves the ones in use.
    touch(list.bundle);
    touch(listFile(module));
    return { file: list.bundle };
  }
  return { refresh: makeBundle(module) };
}

/** Each site module (under each NODE_ENV, which picks React's build) has its own list. */
function listFile(module: string): string {
  const key = createHash('sha256').update(`${module}\n${process.env.NODE_ENV ?? ''}\n${process.version}`).digest('hex').slice(0, 16);
  return path.join(folder(), `${key}.json`);
}

function readList(file: string): BundleList | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BundleList;
  } catch {
    return undefined;
  }
}

function unchanged(file: string, size: number, mtimeMs: number): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
}

function touch(file: string): void {
  const now = new Date();
  fs.utimesSync(file, now, now);
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
    const inputs: BundleList['inputs'] = [];
    for (const input of Object.keys(result.metafile!.inputs)) {
      // stdin, and esbuild's own runtime pieces, are not files.
      if (input.startsWith('<')) continue;
      const file = path.resolve(root, input);
      const stat = fs.statSync(file);
      inputs.push([file, stat.size, stat.mtimeMs]);
    }
    fs.mkdirSync(folder(), { recursive: true });
    writeAtomically(bundle, code);
    writeAtomically(listFile(module), JSON.stringify({ bundle, inputs } satisfies BundleList));
    clearStale();
    return bundle;
  } catch {
    return undefined;
  }
}

/**
 * Inside a bundle, `import.meta` would describe the bundle; the site's own modules use it to find
 * files beside them (styles, fonts, templates). Each keeps its own location, written in as text.
 */
const keepModuleLocations: esbuild.Plugin = {
  name: 'keep-module-locations',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(file, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
        .replaceAll('import.meta.filename', JSON.stringify(file));
      return { contents, loader: path.extname(file).slice(1).replace(/^[cm]/, '') as esbuild.Loader };
    });
  },
};

/** Writes under a temporary name then renames, so no worker ever loads half a file. */
function writeAtomically(file: string, contents: Uint8Array | string): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

function clearStale(): void {
  const now = Date.now();
  for (const name of fs.readdirSync(folder())) {
    const file = path.join(folder(), name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && now - stat.mtimeMs > KEEP_MS) fs.rmSync(file, { force: true });
  }
}
