/**
 * The least a fresh process can take to build the 10-page site of `peers.ts` with the packages
 * the engine is built on, and nothing of the engine: Node starts, loads commander, zod,
 * fast-glob, gray-matter, React and esbuild, compiles the site's `site.config.tsx` with esbuild
 * as a build must, reads one page's front matter and renders it once. With `--markdown` it also
 * loads unified, remark-parse, remark-rehype and rehype-stringify and renders the page's body
 * through them, as a site whose bodies are not plain prose needs. The Markdown extras and the
 * YAML readers the engine adds are left out either way, so this is a floor, not an estimate.
 *
 * `peers.ts` bundles it into its work folder the way `scripts/build-lib.ts` bundles `lib/`
 * (packages inside, React and esbuild left to Node), so the packages are the installed ones and
 * load as fast as they do for the engine, and times it in the same rounds as the builds.
 *
 *   node start-up-floor.mjs <site folder> [--markdown]
 */
import module from 'node:module';
import path from 'node:path';

// As `bin/site` does, before anything is loaded.
module.enableCompileCache?.();

const site = path.resolve(process.argv[2] ?? '.');
const withMarkdown = process.argv.includes('--markdown');
const [{ Command }, { z }, { default: fastGlob }, { default: matter }] = await Promise.all([
  import('commander'),
  import('zod'),
  import('fast-glob'),
  import('gray-matter'),
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
const body = withMarkdown ? await markdownHtml(page.content) : page.content;
const html = renderToString(
  createElement('main', null, createElement('h1', null, fields.title), createElement('div', { dangerouslySetInnerHTML: { __html: body } })),
);
if (!html.includes('<h1>')) throw new Error('start-up-floor: the page did not render');

async function markdownHtml(markdown: string): Promise<string> {
  const [{ unified }, { default: remarkParse }, { default: remarkRehype }, { default: rehypeStringify }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-rehype'),
    import('rehype-stringify'),
  ]);
  return String(unified().use(remarkParse).use(remarkRehype).use(rehypeStringify).processSync(markdown));
}
