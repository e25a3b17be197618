import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { engineFile } from '../engine-file.ts';
import type { OutputFile } from '../output/write.ts';
import { engineClient } from '../site/code.ts';
import type { SiteDefinition } from '../site/definition.ts';

/** Hashed URLs of what pages link to. */
export interface AssetManifest {
  /** The client entry module. */
  script: string;
  /** Stylesheets by the name the site gave them. */
  styles: Record<string, string>;
  /** Font files referenced by the stylesheets, for preloading. */
  fonts: string[];
}

const CLIENT_ENTRY = engineFile(import.meta.url, '../client/main');

/** The site's browser modules: islands by name, and startup modules loaded once on every page. */
export interface ClientModules {
  islands: Readonly<Record<string, string>>;
  startup: Readonly<Record<string, string>>;
}

/** The client code and styles of one build, ready to write. */
export interface BundledAssets {
  manifest?: AssetManifest;
  files: OutputFile[];
  diagnostics: Diagnostic[];
}

/**
 * Bundles the client (the engine's hydration and navigation code plus the site's islands, each
 * island a lazily loaded chunk) and the stylesheets, all with content-hashed names.
 */
export async function bundleAssets(
  modules: ClientModules,
  styles: Readonly<Record<string, string>>,
  options: { minify?: boolean } = {},
): Promise<BundledAssets> {
  const common = {
    bundle: true,
    write: false,
    metafile: true,
    minify: options.minify ?? true,
    outdir: 'dist/assets',
    publicPath: '/assets',
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'silent',
    legalComments: 'none',
  } satisfies esbuild.BuildOptions;
  try {
    const [js, css] = await Promise.all([
      esbuild.build({
        ...common,
        entryPoints: { client: CLIENT_ENTRY },
        format: 'esm',
        splitting: true,
        platform: 'browser',
        target: 'es2022',
        jsx: 'automatic',
        define: { 'process.env.NODE_ENV': '"production"' },
        plugins: [clientRegistry(modules), engineClient, preactAsReact()],
      }),
      esbuild.build({
        ...common,
        entryPoints: styles,
        loader: { '.woff2': 'file', '.woff': 'file', '.svg': 'file', '.png': 'file' },
      }),
    ]);
    const files = [...js.outputFiles, ...css.outputFiles].map((file) => ({
      path: path.relative(path.resolve('dist'), file.path).split(path.sep).join('/'),
      contents: file.contents,
    }));
    const entryUrl = (metafile: esbuild.Metafile, name: string) => {
      const output = Object.entries(metafile.outputs).find(
        ([out, meta]) => meta.entryPoint !== undefined && path.basename(out).startsWith(`${name}-`) && !out.endsWith('.map'),
      );
      return `/${path.relative('dist', output![0]).split(path.sep).join('/')}`;
    };
    const manifest: AssetManifest = {
      script: entryUrl(js.metafile, 'client'),
      styles: Object.fromEntries(Object.keys(styles).map((name) => [name, entryUrl(css.metafile, name)])),
      fonts: files.filter((f) => f.path.endsWith('.woff2') && /latin-(?!ext)/.test(f.path)).map((f) => `/${f.path}`),
    };
    return { manifest, files, diagnostics: [] };
  } catch (error) {
    const failure = error as esbuild.BuildFailure;
    const messages = failure.errors ?? [{ text: String(error), location: null }];
    return {
      files: [],
      diagnostics: messages.map((message) => ({
        code: 'asset-build-failed' as const,
        severity: 'error' as const,
        file: message.location ? path.resolve(message.location.file) : undefined,
        line: message.location?.line,
        column: message.location ? message.location.column + 1 : undefined,
        message: `The client code or a stylesheet failed to build: ${message.text}`,
      })),
    };
  }
}

/** Provides `site:islands` and `site:startup`: name → loader of the module, each its own chunk. */
function clientRegistry(client: ClientModules): esbuild.Plugin {
  const loaders = (modules: Readonly<Record<string, string>>) =>
    Object.entries(modules).map(([name, file]) => `${JSON.stringify(name)}: () => import(${JSON.stringify(file)})`);
  const contents: Record<string, string> = {
    islands: `export const islands = {${loaders(client.islands).join(',')}};`,
    startup: `export const startup = [${Object.entries(client.startup)
      .map(([name, file]) => `{name: ${JSON.stringify(name)}, load: () => import(${JSON.stringify(file)})}`)
      .join(',')}];`,
  };
  return {
    name: 'site-client-modules',
    setup(build) {
      build.onResolve({ filter: /^site:(islands|startup)$/ }, (args) => ({ path: args.path.slice(5), namespace: 'site' }));
      build.onLoad({ filter: /.*/, namespace: 'site' }, (args) => ({ resolveDir: process.cwd(), loader: 'js', contents: contents[args.path] }));
    },
  };
}

/**
 * Islands are written against React and rendered on the server by react-dom/server, but in the
 * browser they run on preact/compat: the same components, about a sixth of React's client
 * runtime in bytes. Resolved from the engine's own dependencies, whatever the working directory.
 */
const PREACT_FOR_REACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

function preactAsReact(): esbuild.Plugin {
  return {
    name: 'site-preact-as-react',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        const target = PREACT_FOR_REACT[args.path];
        if (!target) return { errors: [{ text: `"${args.path}" has no preact/compat equivalent in the browser; islands may import react, react-dom and react-dom/client.` }] };
        return { path: fileURLToPath(import.meta.resolve(target)) };
      });
    },
  };
}

/** The site's client code and styles for one build; a builder (its code fixed for its life) bundles them once. */
export async function prepareAssets(site: SiteDefinition, options: { minify?: boolean }, memory?: { assets?: BundledAssets }): Promise<BundledAssets> {
  if (memory?.assets) return memory.assets;
  const assets = await bundleAssets({ islands: site.islands, startup: site.startup ?? {} }, site.styles, { minify: options.minify });
  if (memory && assets.manifest && assets.diagnostics.length === 0) memory.assets = assets;
  return assets;
}
