import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { cacheFolder } from '../core/cache-folder.ts';
import { ENGINE_PACKAGE, assertEngineProvided, engineModule, engineModuleKey, type EngineModuleName } from './engine-modules.ts';

/**
 * The one way the engine loads a site's code: the module an entry names (the site definition, a
 * social-image template) and every file it imports, bundled by esbuild for Node into one file
 * under the site's `.site-cache/code/`, and bundled again whenever one of those files changes.
 * The JSX transform is set here, so a site's code runs the same whatever the engine's own
 * settings; the site's `tsconfig.json` is honoured for the rest (paths, for one). The main thread,
 * the render and social-image workers and the dev server all load a site through `importSiteCode`.
 */

/** A site entry bundled: the file to import, and what it was made from. */
export interface Bundle {
  /** The bundle (an ES module); `import()` it, or hand its path to a worker. */
  file: string;
  /** A hash of the bundle: changes whenever the site's code does. */
  hash: string;
  /** Every file of the site it was made from. */
  inputs: string[];
}

/**
 * What is kept beside each bundle: the files it was made from with their size, modification and
 * change times (an edit that keeps the size and sets the modification time back moves the change time).
 */
interface CodeList {
  file: string;
  hash: string;
  inputs: Array<[file: string, size: number, mtimeMs: number, ctimeMs: number]>;
}

/** Bumped when bundles are made differently, so no bundle made the old way is used. */
const FORMAT = 2;

/** Where a site's bundles are kept. */
export function codeFolder(root: string): string {
  return path.join(root, cacheFolder('code'));
}

/** What else goes into a bundle besides the site's own code: MDX content (see `render/mdx.ts`). */
export interface BundleExtras {
  /** More esbuild plugins (a loader for `.mdx`). */
  plugins: esbuild.Plugin[];
  /** What else the bundle depends on (the site's Markdown settings): a bundle made with another key is not reused. */
  key: string;
  /** The bundle's file name, before its hash. */
  name: string;
}

/** The bundle of `entry`: the one made before when none of its files has changed since, else a new one. */
export async function bundleSiteCode(entry: string, root: string, extras?: BundleExtras): Promise<Bundle> {
  const list = path.join(
    codeFolder(root),
    `${createHash('sha256')
      .update(`${FORMAT}\n${entry}${extras ? `\n${extras.key}` : ''}`)
      .digest('hex')
      .slice(0, 16)}.json`,
  );
  const known = readList(list);
  if (known && fs.existsSync(known.file) && known.inputs.every(([file, ...state]) => unchanged(file, state))) {
    return { file: known.file, hash: known.hash, inputs: known.inputs.map(([file]) => file) };
  }
  const started = Date.now();
  const result = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    jsx: 'automatic',
    // The engine's runtime: React's, with `memo` components rendered once per build (see `render/jsx-runtime.ts`).
    jsxImportSource: ENGINE_PACKAGE,
    tsconfig: fs.existsSync(path.join(root, 'tsconfig.json')) ? path.join(root, 'tsconfig.json') : undefined,
    sourcemap: 'linked',
    sourcesContent: false,
    outdir: codeFolder(root),
    packages: 'external',
    logLevel: 'silent',
    plugins: [oneEngineAndOneReact, engineClient, keepModuleLocations, ...(extras?.plugins ?? [])],
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
  const map = result.outputFiles.find((file) => file.path.endsWith('.js.map'))!;
  const hash = createHash('sha256').update(code.contents).digest('hex').slice(0, 16);
  const file = path.join(codeFolder(root), `${extras?.name ?? path.basename(entry).replace(/\.[^.]+$/, '')}-${hash}.mjs`);
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes(':'))
    .map((input) => path.resolve(root, input));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeAtomically(`${file}.map`, map.contents);
  writeAtomically(file, `${code.text.replace(/\/\/# sourceMappingURL=.*\n?$/, '')}//# sourceMappingURL=${path.basename(file)}.map\n`);
  const stamped = inputs.map((input): CodeList['inputs'][number] => [input, ...stamp(input)]);
  // A file edited while esbuild ran may not be what it read: no list, so the next run bundles again.
  if (stamped.every(([, , , ctimeMs]) => ctimeMs < started))
    writeAtomically(list, JSON.stringify({ file, hash, inputs: stamped } satisfies CodeList));
  else fs.rmSync(list, { force: true });
  removeOlderBundles(file);
  return { file, hash, inputs };
}

/** Imports a site module through its bundle (see `bundleSiteCode`). */
export async function importSiteCode(entry: string, root: string): Promise<{ module: unknown; code: Bundle }> {
  const code = await bundleSiteCode(entry, root);
  return { module: await importBundle(code.file), code };
}

/** Imports a bundle made by `bundleSiteCode`, with this engine as the one it imports (see `engine-modules.ts`). */
export async function importBundle(file: string): Promise<unknown> {
  assertEngineProvided();
  // Stacks from the site's code then name its own files and lines, not the bundle's.
  process.setSourceMapsEnabled(true);
  return import(pathToFileURL(file).href);
}

const requireFromEngine = createRequire(import.meta.url);

/**
 * A site gets the engine that is building it, and the React that engine renders with, whatever
 * folder the site is in and whatever copies it installed: a component rendered by one React
 * with hooks from another fails, and so would a context (the images) made by another engine.
 * Other packages are left to Node, resolved from the site's own folder.
 */
const oneEngineAndOneReact: esbuild.Plugin = {
  name: 'one-engine-and-one-react',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${ENGINE_PACKAGE}$`) }, () => ({ path: 'engine', namespace: 'engine' }));
    build.onResolve({ filter: new RegExp(`^${ENGINE_PACKAGE}/jsx(-dev)?-runtime$`) }, () => ({ path: 'jsx-runtime', namespace: 'engine' }));
    // The module provided in this thread (see `engine-modules.ts`), read when the bundle runs.
    build.onLoad({ filter: /.*/, namespace: 'engine' }, ({ path: name }) => ({
      contents: [
        `const module = globalThis[Symbol.for(${JSON.stringify(engineModuleKey(name as EngineModuleName).description)})];`,
        `export const { ${Object.keys(engineModule(name as EngineModuleName)).join(', ')} } = module;`,
      ].join('\n'),
      loader: 'js',
    }));
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({
      path: pathToFileURL(requireFromEngine.resolve(args.path)).href,
      external: true,
    }));
  },
};

/**
 * The engine's browser helpers (`stillsite/client`, for islands, `stillsite/copy-code` and `stillsite/search`), from this engine whatever
 * folder the site is in: its source in a checkout, its JavaScript in a package.
 */
export const engineClient: esbuild.Plugin = {
  name: 'engine-client',
  setup(build) {
    const extension = path.extname(fileURLToPath(import.meta.url));
    const entry = fileURLToPath(new URL(`../client/index${extension}`, import.meta.url));
    build.onResolve({ filter: new RegExp(`^${ENGINE_PACKAGE}/client$`) }, () => ({ path: entry }));
    // The code blocks' copy button (`markdown.shiki.copyButton`): apart from the helpers, as it brings React.
    const copyCode = fileURLToPath(new URL(`../client/copy-code${extension}`, import.meta.url));
    build.onResolve({ filter: new RegExp(`^${ENGINE_PACKAGE}/copy-code$`) }, () => ({ path: copyCode }));
    // The search island (`search: true`), apart for the same reason.
    const search = fileURLToPath(new URL(`../client/search${extension}`, import.meta.url));
    build.onResolve({ filter: new RegExp(`^${ENGINE_PACKAGE}/search$`) }, () => ({ path: search }));
  },
};

/** `import.meta.url`, `.dirname` and `.filename`, as a pattern: in plain text, a bundle of this file would have them replaced too. */
const MODULE_LOCATION = /\bimport\.meta\.(url|dirname|filename)\b/g;

/**
 * Inside a bundle, `import.meta` would describe the bundle; a site's modules use it to find files
 * beside them (styles, fonts, templates). Each keeps its own location, written in as text.
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

/** A bundle replaced this long ago is no longer being loaded by anyone: workers load theirs as a build starts. */
const KEEP_REPLACED_MS = 10 * 60 * 1000;

/** Removes the earlier bundles of the same entry once they have been replaced for a while. */
function removeOlderBundles(current: string): void {
  const folder = path.dirname(current);
  const prefix = path.basename(current).replace(/-[0-9a-f]{16}\.mjs$/, '-');
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    if (!name.startsWith(prefix) || file === current || file === `${current}.map`) continue;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > KEEP_REPLACED_MS) fs.rmSync(file, { force: true });
  }
}

function readList(file: string): CodeList | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as CodeList;
  } catch {
    return undefined;
  }
}

function stamp(file: string): [size: number, mtimeMs: number, ctimeMs: number] {
  const stat = fs.statSync(file);
  return [stat.size, stat.mtimeMs, stat.ctimeMs];
}

function unchanged(file: string, [size, mtimeMs, ctimeMs]: readonly number[]): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs && stat.ctimeMs === ctimeMs;
}

/** Writes under a temporary name then renames, so no reader ever loads half a file. */
function writeAtomically(file: string, contents: Uint8Array | string): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}
