import { createRequire } from 'node:module';
import path from 'node:path';
import type { renderToString as RenderToString } from 'react-dom/server';

const require = createRequire(import.meta.url);

/**
 * React's `renderToString`, from its non-streaming renderer alone. `react-dom/server` loads the
 * streaming renderer too (`react-dom/server.node.js` requires both, 0.57 MB of JavaScript), and no
 * build streams (issue 44: load nothing a build does not use). The file is the one
 * `server.node.js` itself picks for `NODE_ENV`, found beside the package's `package.json`, as it
 * is not among the package's exports.
 */
export const renderToString: typeof RenderToString = (
  require(
    path.join(
      path.dirname(require.resolve('react-dom/package.json')),
      'cjs',
      `react-dom-server-legacy.node.${process.env.NODE_ENV === 'production' ? 'production' : 'development'}.js`,
    ),
  ) as { renderToString: typeof RenderToString }
).renderToString;
