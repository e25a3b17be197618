import { createHash } from 'node:crypto';
import path from 'node:path';
import { themeStylesheet } from '../render/highlight.ts';
import { highlightThemes } from '../site/markdown-options.ts';
import * as esbuild from 'esbuild';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { engineFile } from '../engine-file.ts';
import type { OutputFile } from '../output/write.ts';
import { engineClient } from '../site/code.ts';
import type { ClientRuntime, NavigationMode, SiteDefinition } from '../site/definition.ts';
import { clientRuntime } from './client-runtime.ts';
import type { AssetManifest } from '../render/render-page.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';

const CLIENT_ENTRY = engineFile(import.meta.url, '../client/main');
const ISLAND_RUNTIME = engineFile(import.meta.url, '../client/runtime');
const LOCATION_MODULE = engineFile(import.meta.url, '../client/location');
const ROUTER_MODULE = engineFile(import.meta.url, '../client/navigate');

/** The site's browser modules: islands by name, and startup modules loaded once on every page. */
export interface ClientModules {
  islands: Readonly<Record<string, string>>;
  startup: Readonly<Record<string, string>>;
  /** What runs the islands in the browser (default `'react'`; see `ClientRuntime`). */
  runtime?: ClientRuntime;
  /** `'client'` puts the router in the entry (default `'document'`: links load pages as the browser does). */
  navigation?: NavigationMode;
}

/** The client code and styles of one build, ready to write. */
export interface BundledAssets {
  manifest?: AssetManifest;
  files: OutputFile[];
  diagnostics: Diagnostic[];
}

const COMMON = {
  bundle: true,
  write: false,
  metafile: true,
  outdir: 'dist/assets',
  publicPath: '/assets',
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'silent',
  legalComments: 'none',
} satisfies esbuild.BuildOptions;

const BROWSER = {
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  /**
   * Chrome's explicit compile hint: compile every function of the file while it streams in, off
   * the main thread. Without it, V8 compiles each function on its first call, and esbuild wraps
   * React's CommonJS modules in functions, so react-dom's 145 KB were compiled on the main thread
   * in the task that ran the chunk (28 ms against 5 ms here, unthrottled; Lighthouse multiplies it by 4).
   */
  banner: { js: '//# allFunctionsCalledOnLoad' },
} satisfies esbuild.BuildOptions;

/**
 * Bundles the client and the stylesheets, all with content-hashed names. The client is two files:
 * the entry pages load (hydration scheduling, startup modules, the router when the site asks for
 * client navigation; no React), and one chunk with the islands' runtime and every island, fetched
 * only once an island comes due. A site that asks for none of these gets no JavaScript at all.
 */
export async function bundleAssets(
  modules: ClientModules,
  styles: Readonly<Record<string, string>>,
  options: { minify?: boolean; inlineStyles?: boolean } = {},
): Promise<BundledAssets> {
  const minify = options.minify ?? true;
  try {
    const [js, css] = await Promise.all([
      wantsClient(modules) ? bundleClient(modules, minify) : undefined,
      esbuild.build({
        ...COMMON,
        // Stylesheets written into the pages are minified in `site serve` too: the same bytes, so
        // the same hashes in the Content-Security-Policy as the build's.
        minify: minify || options.inlineStyles === true,
        entryPoints: styles,
        loader: { '.woff2': 'file', '.woff': 'file', '.svg': 'file', '.png': 'file' },
      }),
    ]);
    const files = [...(js?.files ?? []), ...css.outputFiles].map((file) => ({ path: distPath(file.path), contents: file.contents }));
    const manifest: AssetManifest = {
      script: js?.entry,
      styles: Object.fromEntries(Object.keys(styles).map((name) => [name, entryUrl(css.metafile, name)])),
      fonts: files.filter((f) => f.path.endsWith('.woff2') && /latin-(?!ext)/.test(f.path)).map((f) => `/${f.path}`),
    };
    if (options.inlineStyles) manifest.inline = inlineStylesOf(Object.values(manifest.styles), files);
    return { manifest, files, diagnostics: [] };
  } catch (error) {
    const failure = error as esbuild.BuildFailure;
    const messages = failure.errors ?? [{ text: String(error), location: null }];
    return {
      files: [],
      diagnostics: messages.map((message) => ({
        ...diagnose('asset-build-failed', { reason: message.text }),
        file: message.location ? path.resolve(message.location.file) : undefined,
        line: message.location?.line,
        column: message.location ? message.location.column + 1 : undefined,
      })),
    };
  }
}

/** Whether the site needs any client code: islands to hydrate, startup modules to run, or the router. */
function wantsClient(modules: ClientModules): boolean {
  return Object.keys(modules.islands).length > 0 || Object.keys(modules.startup).length > 0 || modules.navigation === 'client';
}

/**
 * The islands' chunk first (none for a site without islands), then the entry that names it. Two builds, not one with code
 * splitting: esbuild would move what both use (the event names, a startup module's helpers) into
 * more chunks, each one more request on every page. What both need is state-free, so a copy in
 * each costs a few bytes.
 */
async function bundleClient(modules: ClientModules, minify: boolean): Promise<{ entry: string; files: esbuild.OutputFile[] }> {
  const islands =
    Object.keys(modules.islands).length > 0
      ? await esbuild.build({
          ...COMMON,
          ...BROWSER,
          minify,
          entryNames: 'chunks/[name]-[hash]',
          entryPoints: [{ in: 'site:island-chunk', out: 'islands' }],
          plugins: [islandChunk(modules.islands), engineClient, clientRuntime(modules.runtime ?? 'react')],
        })
      : undefined;
  const islandsUrl = islands ? entryUrl(islands.metafile, 'chunks/islands') : undefined;
  const client = await esbuild.build({
    ...COMMON,
    ...BROWSER,
    minify,
    entryPoints: { client: CLIENT_ENTRY },
    plugins: [clientRegistry(modules.startup, islandsUrl, modules.navigation === 'client'), engineClient, reactFree()],
  });
  const react = reactInEntry(client.metafile);
  if (react) throw new Error(phrase('client-imports-react', { module: react }));
  return { entry: entryUrl(client.metafile, 'client'), files: [...(islands?.outputFiles ?? []), ...client.outputFiles] };
}

/**
 * The stylesheets' text by URL, for `<style>` elements. A stylesheet that would end its element
 * early (`</style` in a string or comment) stays a link.
 */
function inlineStylesOf(urls: readonly string[], files: ReadonlyArray<{ path: string; contents: Uint8Array }>): Record<string, string> {
  const inline: Record<string, string> = {};
  for (const url of urls) {
    const file = files.find((f) => `/${f.path}` === url);
    const css = file ? new TextDecoder().decode(file.contents).trim() : undefined;
    if (css !== undefined && !/<\/style/i.test(css)) inline[url] = css;
  }
  return inline;
}

/** The root-relative URL of the output of entry point `name` (`client`, `chunks/islands`, a stylesheet's name). */
function entryUrl(metafile: esbuild.Metafile, name: string): string {
  const output = Object.keys(metafile.outputs).find(
    (out) => metafile.outputs[out]!.entryPoint !== undefined && distPath(out).startsWith(`assets/${name}-`) && !out.endsWith('.map'),
  );
  return `/${distPath(output!)}`;
}

function distPath(file: string): string {
  return path.relative(path.resolve('dist'), path.resolve(file)).split(path.sep).join('/');
}

/**
 * Provides `site:startup` (each module inlined, run when loaded), `site:island-runtime` (the
 * islands' chunk, by URL) and `site:router` (the router, or nothing: a site that navigates by
 * document loads never downloads it) to the entry.
 */
function clientRegistry(startup: Readonly<Record<string, string>>, islandsUrl: string | undefined, router: boolean): esbuild.Plugin {
  const contents: Record<string, string> = {
    // Without code splitting, esbuild keeps each import() in the entry's file, evaluated when
    // called: no request of its own, and a module that throws fails alone.
    startup: `export const startup = [${Object.entries(startup)
      .map(([name, file]) => `{name: ${JSON.stringify(name)}, load: () => import(${JSON.stringify(file)})}`)
      .join(',')}];`,
    'island-runtime': islandsUrl
      ? `export const loadIslandRuntime = () => import(${JSON.stringify(islandsUrl)}).then((chunk) => chunk.runtime);`
      : `export const loadIslandRuntime = () => Promise.reject(new Error('The site declares no islands.'));`,
    router: router
      ? `export { startNavigation as startRouter } from ${JSON.stringify(ROUTER_MODULE)};`
      : 'export const startRouter = undefined;',
  };
  return {
    name: 'site-client-modules',
    setup(build) {
      build.onResolve({ filter: /^site:(startup|island-runtime|router)$/ }, (args) => ({ path: args.path.slice(5), namespace: 'site' }));
      build.onResolve({ filter: /^\/assets\// }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: 'site' }, (args) => ({
        resolveDir: process.cwd(),
        loader: 'js',
        contents: contents[args.path],
      }));
    },
  };
}

/** The islands' chunk: the runtime over every island component, exported as `runtime`. */
function islandChunk(islands: Readonly<Record<string, string>>): esbuild.Plugin {
  const names = Object.keys(islands);
  const contents = [
    `import { islandRuntime } from ${JSON.stringify(ISLAND_RUNTIME)};`,
    ...names.map((name, i) => `import island${i} from ${JSON.stringify(islands[name])};`),
    `export const runtime = islandRuntime({${names.map((name, i) => `${JSON.stringify(name)}: island${i}`).join(',')}});`,
  ].join('\n');
  return {
    name: 'site-island-chunk',
    setup(build) {
      build.onResolve({ filter: /^site:island-chunk$/ }, () => ({ path: 'island-chunk', namespace: 'site' }));
      build.onLoad({ filter: /.*/, namespace: 'site' }, () => ({ resolveDir: process.cwd(), loader: 'js', contents }));
    },
  };
}

/**
 * Keeps React out of the entry every page loads, where it would be fetched before any island
 * needed it: a startup module (or the engine's entry code) that imports React fails the build.
 * The client API's one React hook (`usePathname`) lives in a module the entry reaches through
 * `src/client/index.ts` when a startup module imports an event name from there; that module is
 * marked free of side effects, so it is dropped unless something really uses the hook, and then
 * the build fails too (see `reactInEntry`).
 */
function reactFree(): esbuild.Plugin {
  return {
    name: 'site-react-free-entry',
    setup(build) {
      build.onResolve({ filter: /\/location(\.[jt]s)?$/ }, (args) => {
        const file = path.resolve(args.resolveDir, args.path);
        return file === LOCATION_MODULE ? { path: file, sideEffects: false } : undefined;
      });
      build.onResolve({ filter: /^(react|react-dom|preact)(\/.*)?$/ }, (args) => {
        if (args.importer === LOCATION_MODULE) return undefined;
        return {
          errors: [
            {
              text: `The client entry or a startup module imports React ("${args.path}" in ${args.importer}); React belongs in islands, which load it only when one hydrates.`,
            },
          ],
        };
      });
    },
  };
}

/** The React module the entry's bundle holds, if any. */
function reactInEntry(metafile: esbuild.Metafile): string | undefined {
  const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
  return inputs.find((input) => /node_modules\/(react|react-dom|preact)\//.test(input.split(path.sep).join('/')));
}

/** Adds the code themes' stylesheet, content-hashed like the others, to the assets. */
function addCodeStylesheet(assets: BundledAssets, css: string, inline: boolean): void {
  const contents = new TextEncoder().encode(css);
  const file = { path: `assets/code-${createHash('sha256').update(contents).digest('hex').slice(0, 8).toUpperCase()}.css`, contents };
  assets.files.push(file);
  assets.manifest!.code = `/${file.path}`;
  if (inline) assets.manifest!.inline = { ...assets.manifest!.inline, [`/${file.path}`]: css.trim() };
}

/** The site's client code and styles for one build; a builder (its code fixed for its life) bundles them once. */
export async function prepareAssets(
  site: SiteDefinition,
  options: { minify?: boolean },
  memory?: { assets?: BundledAssets },
): Promise<BundledAssets> {
  if (memory?.assets) return memory.assets;
  const assets = await bundleAssets(
    { islands: site.islands, startup: site.startup ?? {}, runtime: site.client?.runtime, navigation: site.navigation },
    site.styles,
    { minify: options.minify, inlineStyles: site.inlineStyles },
  );
  const themes = highlightThemes(site.markdown);
  if (themes && assets.manifest) addCodeStylesheet(assets, themeStylesheet(themes), site.inlineStyles === true);
  if (memory && assets.manifest && assets.diagnostics.length === 0) memory.assets = assets;
  return assets;
}
