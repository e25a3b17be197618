import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';

/**
 * What runs a site's islands in the browser. Islands are written against React's API and rendered
 * on the server by react-dom/server either way.
 * - `'react'` (the default): React 19's own client, `react-dom/client`. About 67 KB of gzip.
 * - `'preact'`: preact/compat, which implements React's API over Preact. About 10 KB of gzip,
 *   but it is not React: what relies on React's own behaviour (concurrent rendering and
 *   transitions, Suspense while hydrating, `useId` matching the server's, form actions, React's
 *   event system and its exact effect timing) may differ or break, in the browser only.
 */
export type ClientRuntime = 'react' | 'preact';

/** How a site's islands run in the browser (`SiteDefinition.client`). */
export interface ClientDefinition {
  /** `'react'` (default) or `'preact'`: see `ClientRuntime`. */
  runtime?: ClientRuntime;
}

/** The modules islands may import from React's packages, and what each is in the browser under each runtime. */
const MODULES: Readonly<Record<ClientRuntime, Readonly<Record<string, string>>>> = {
  react: {
    react: 'react',
    'react/jsx-runtime': 'react/jsx-runtime',
    'react/jsx-dev-runtime': 'react/jsx-dev-runtime',
    'react-dom': 'react-dom',
    'react-dom/client': 'react-dom/client',
  },
  preact: {
    react: 'preact/compat',
    'react/jsx-runtime': 'preact/compat/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
  },
};

/**
 * Resolves React's modules for the browser to the chosen runtime, always from the engine's own
 * dependencies (whatever the working directory), so a page never holds two copies of React.
 * Anything else from React's packages (`react-dom/server`, say) is a build error: it is not for
 * the browser.
 */
export function clientRuntime(runtime: ClientRuntime): esbuild.Plugin {
  return {
    name: 'site-client-runtime',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        const target = MODULES[runtime][args.path];
        if (!target) return { errors: [{ text: `"${args.path}" cannot be used in the browser; islands may import react, react/jsx-runtime, react-dom and react-dom/client.` }] };
        return { path: fileURLToPath(import.meta.resolve(target)) };
      });
    },
  };
}
