import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import type { ClientRuntime } from '../site/definition.ts';

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
        if (!target)
          return {
            errors: [
              {
                text: `"${args.path}" cannot be used in the browser; islands may import react, react/jsx-runtime, react-dom and react-dom/client.`,
              },
            ],
          };
        return { path: fileURLToPath(import.meta.resolve(target)) };
      });
    },
  };
}
