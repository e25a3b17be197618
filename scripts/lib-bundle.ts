/**
 * How `scripts/build-lib.ts` bundles the engine into lib/, shared with what must be bundled the
 * same way to compare with it (`bench/start-up-floor.ts`).
 */

/**
 * Dependencies the bundle leaves to Node: React (a thread must have one React, shared with the
 * site's components), packages with native code or files they find by path (esbuild, sharp,
 * resvg, tinypool's worker, pagefind), and the large ones a build loads only when it needs them (satori,
 * Shiki, MDX, chokidar for `site serve`).
 */
const PACKAGES_LEFT_TO_NODE = [
  'react',
  'react-dom',
  'scheduler',
  'esbuild',
  'sharp',
  '@resvg/resvg-js',
  'tinypool',
  'satori',
  'shiki',
  '@mdx-js/mdx',
  'chokidar',
  // Finds its binary, the platform package (@pagefind/linux-x64, …), from where it is installed.
  'pagefind',
];

/** The packages above and every subpath of them, as esbuild's `external` takes them. */
export const EXTERNAL = PACKAGES_LEFT_TO_NODE.flatMap((name) => [name, `${name}/*`]);

/** Bundled CommonJS packages call `require` for Node's own modules; an ES module has none. */
export const REQUIRE_BANNER =
  "import { createRequire as __stillsiteRequire } from 'node:module'; const require = __stillsiteRequire(import.meta.url);";
