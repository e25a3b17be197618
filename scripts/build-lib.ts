// Builds what the package ships in lib/: the engine bundled by esbuild into a few modules, the
// declarations tsc writes from src/ (tsconfig.lib.json), the browser sources as separate files,
// and the starters of `site init` copied beside its command as it is.
// Run by `npm run build:lib` and, through `prepack`, by `npm pack` and `npm publish`.
//
// Why a bundle: Node loads an ES module graph one file at a time, and the engine's ~200 files
// were about half of a small site's build and most of a worker's start-up; its dependencies were
// another ~550 files, found one by one (a stat and a package.json read each). So the bundle holds
// the dependencies too, except those `lib-bundle.ts` leaves to Node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { EXTERNAL, REQUIRE_BANNER } from './lib-bundle.ts';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
const lib = path.join(root, 'lib');
// The compiler's command, by path: its package exports no subpath to it.
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

/**
 * Every module Node loads by path: the package's exports (`./jsx-dev-runtime` is the same file
 * as `./jsx-runtime`), the command `bin/site` imports, and the modules threads are started with
 * by file name (`runner/pool.ts`, and the dev server's build module that `serve/dev-builder.ts`
 * names to the pool), and the module that provides the engine to a site's code, which each worker
 * imports by the URL it gives itself (`provide-engine.ts`). Each keeps its place in lib/, where
 * those names point; the modules they share go to lib/chunks/.
 */
const ENTRIES = ['index', 'render/jsx-runtime', 'cli/main', 'runner/worker', 'serve/dev-build-thread', 'provide-engine'];

/**
 * Sources esbuild bundles for the browser when a site is built (`assets/bundle.ts`,
 * `serve/server.ts`, the `stillsite/client` export): they stay files, as tsc writes them.
 */
const BROWSER_SOURCES = 'client';

// A clean folder, so nothing of a module since removed or renamed is shipped.
fs.rmSync(lib, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.lib.json')], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
// tsc's JavaScript is kept for the browser sources only; elsewhere the bundle replaces it.
for (const file of fs.readdirSync(lib, { recursive: true, encoding: 'utf8' })) {
  if (/\.js(\.map)?$/.test(file) && !file.startsWith(`${BROWSER_SOURCES}${path.sep}`)) fs.rmSync(path.join(lib, file));
}

/** Stands for the path from an output file to lib/, filled in once esbuild has placed each module. */
const TO_LIB = '__stillsite_to_lib__/';

/**
 * A module finds files beside it (`engineFile`, the starter, package.json, the engine's folder)
 * from `import.meta.url`; inside a bundle that would be the chunk's. Each module keeps the URL
 * its own compiled file would have in lib/, written relative to the chunk it lands in.
 */
const keepModuleLocations: esbuild.Plugin = {
  name: 'keep-module-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => {
      const source = await fs.promises.readFile(file, 'utf8');
      const compiledAs = path
        .relative(src, file)
        .split(path.sep)
        .join('/')
        .replace(/\.tsx?$/, '.js');
      const url = `new URL(${JSON.stringify(TO_LIB + compiledAs)}, import.meta.url).href`;
      return { contents: source.replace(/\bimport\.meta\.url\b/g, url), loader: file.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * gray-matter's js-yaml 3 loads esprima (0.28 MB) when it loads, for a `!!js/function` tag, which
 * only its own YAML engine reads; the engine splits front matter with gray-matter but reads the
 * YAML with the `yaml` package (`content/parse.ts`), so esprima is never used, and loading it was
 * part of every build's start-up (issue 44). js-yaml is written to work without it (in a browser),
 * and does so here.
 */
const withoutEsprima: esbuild.Plugin = {
  name: 'without-esprima',
  setup(build) {
    build.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, async ({ path: file }) => {
      const source = await fs.promises.readFile(file, 'utf8');
      const loadsEsprima = "esprima = _require('esprima');";
      if (!source.includes(loadsEsprima)) throw new Error(`build-lib: ${file} no longer loads esprima as expected: look again`);
      return { contents: source.replace(loadsEsprima, 'esprima = undefined;'), loader: 'js' };
    });
  },
};

const result = await esbuild.build({
  entryPoints: ENTRIES.map((entry) => ({ in: path.join(src, `${entry}.ts`), out: entry })),
  outdir: lib,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external: EXTERNAL,
  banner: { js: REQUIRE_BANNER },
  tsconfig: path.join(root, 'tsconfig.lib.json'),
  sourcemap: 'linked',
  sourcesContent: true,
  plugins: [keepModuleLocations, withoutEsprima],
  write: false,
  logLevel: 'warning',
});
for (const output of result.outputFiles) {
  // The maps' copies of the sources hold the stand-in too; there it is only read.
  const toLib = path.relative(path.dirname(output.path), lib).split(path.sep).join('/');
  let text = output.text.replaceAll(TO_LIB, toLib ? `${toLib}/` : './');
  if (output.path.endsWith('.map')) text = withoutPackageSources(text);
  if (text.includes(TO_LIB.slice(0, -1))) throw new Error(`build-lib: ${output.path} still names a module's place as ${TO_LIB}`);
  fs.mkdirSync(path.dirname(output.path), { recursive: true });
  fs.writeFileSync(output.path, text);
}

/**
 * A source map keeps the text of the engine's own files (a stack or a debugger shows them), but
 * not of the packages bundled with it, which are most of the bytes and are installed beside it.
 */
function withoutPackageSources(mapText: string): string {
  const map = JSON.parse(mapText) as { sources: string[]; sourcesContent?: Array<string | null> };
  map.sourcesContent = map.sourcesContent?.map((content, i) => (map.sources[i]!.includes('node_modules/') ? null : content));
  return JSON.stringify(map);
}

// Only the starters' own files: not what a build of it may have left there.
const machineMade = new Set(['node_modules', 'dist', '.site-cache']);
fs.cpSync(path.join(src, 'init/starters'), path.join(lib, 'init/starters'), {
  recursive: true,
  filter: (file) => !machineMade.has(path.basename(file)),
});
