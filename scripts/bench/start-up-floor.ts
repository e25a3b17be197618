/**
 * The least a fresh process can take to build the 10-page site of `peers.ts` with the packages
 * the engine is built on, and nothing of the engine: Node starts, loads the packages named for
 * it (commander, fast-glob, gray-matter, unified, remark-parse, remark-rehype, rehype-stringify,
 * react, react-dom, esbuild) and zod, compiles the site's `site.config.tsx` with esbuild as a
 * build must, and renders one page's Markdown and markup once. The Markdown extras and the YAML
 * readers the engine adds are left out, so this is a floor, not an estimate.
 *
 * `peers.ts` bundles it into its work folder the way `scripts/build-lib.ts` bundles `lib/`
 * (packages inside, React and esbuild left to Node), so the packages are the installed ones and
 * load as fast as they do for the engine, and times it in the same rounds as the builds.
 *
 *   node start-up-floor.mjs <site folder>
 */
import module from 'node:module';
import path from 'node:path';

// As `bin/site` does, before anything is loaded.
module.enableCompileCache?.();

const site = path.resolve(process.argv[2] ?? '.');
const [
  { Command },
  { z },
  { default: fastGlob },
  { default: matter },
  { unified },
  { default: remarkParse },
  { default: remarkRehype },
  { default: rehypeStringify },
] = await Promise.all([
  import('commander'),
  import('zod'),
  import('fast-glob'),
  import('gray-matter'),
  import('unified'),
  import('remark-parse'),
  import('remark-rehype'),
  import('rehype-stringify'),
]);
const [{ createElement }, { renderToString }, esbuild] = await Promise.all([
  import('react'),
  import('react-dom/server'),
  import('esbuild'),
]);

new Command('site')
  .command('build')
  .action(() => {})
  .parent!.parse(['build'], { from: 'user' });
await esbuild.build({
  entryPoints: [path.join(site, 'site.config.tsx')],
  absWorkingDir: site,
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  jsx: 'automatic',
  packages: 'external',
});
const [first] = fastGlob.sync('**/*.md', { cwd: path.join(site, 'content'), absolute: true });
const page = matter.read(first!);
const fields = z.object({ title: z.string(), date: z.string(), summary: z.string() }).parse(page.data);
const body = String(unified().use(remarkParse).use(remarkRehype).use(rehypeStringify).processSync(page.content));
const html = renderToString(
  createElement('main', null, createElement('h1', null, fields.title), createElement('div', { dangerouslySetInnerHTML: { __html: body } })),
);
if (!html.includes('<h1>')) throw new Error('start-up-floor: the page did not render');
