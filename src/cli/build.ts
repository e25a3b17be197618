import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { parseOrigin } from './options.ts';
import { progressBar } from './progress.ts';

/** `site build`: content → dist/, atomically. */
export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('build the site into a folder of static files')
    .option('-o, --out <dir>', 'the output folder', 'dist')
    .option('--origin <url>', 'the origin for canonical URLs (default: $SITE_ORIGIN, else the site\'s own)', parseOrigin)
    .option('--content <dir>', "read content from this folder instead of the site's own")
    .option('--verbose', 'show stacks of template errors')
    .option('--external-links <file>', 'write the links to other sites (never fetched) to this file: URL, count and first page, tab-separated')
    .action(async (options: { out: string; origin?: string; content?: string; verbose?: boolean; externalLinks?: string }, command: Command) => {
      const { root } = command.optsWithGlobals<{ root: string }>();
      const started = performance.now();
      // React's development build checks and warns on every element, which makes rendering about
      // three times slower; a build is a production run. Set before React is first imported
      // (worker threads inherit it), and never over a value someone set on purpose.
      process.env.NODE_ENV ??= 'production';
      // Loaded here, not at the top, so --help and --version answer without loading the engine.
      const [{ build }, { formatDiagnostics, hasErrors }, { loadSite, withContent }, { diskWriter }] = await Promise.all([
        import('../build.ts'),
        import('../diagnostics.ts'),
        import('../load-site.ts'),
        import('../write.ts'),
      ]);
      const site = withContent(await loadSite(root), options.content);
      const out = path.resolve(root, options.out);
      const bar = progressBar('Drawing social images');
      const result = await build(site, diskWriter(out), { origin: options.origin, og: { onProgress: (done, total) => bar.update(done, total) } });
      bar.clear();
      if (hasErrors(result.diagnostics)) {
        console.error(
          formatDiagnostics(result.diagnostics, {
            cwd: root,
            fileCount: result.fileCount,
            verbose: options.verbose,
            outcome: `Nothing was written to ${path.relative(root, out) || '.'}/.`,
          }),
        );
        process.exitCode = 1;
        return;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      const images = result.og ? ` Social images: ${result.og.drawn} drawn, ${result.og.reused} reused.` : '';
      const external = result.externalLinks ?? [];
      let listed = '';
      if (options.externalLinks) {
        const listFile = path.resolve(root, options.externalLinks);
        await writeFile(listFile, external.map((link) => `${link.url}\t${link.count}\t${link.firstPage}\n`).join(''));
        listed = `, listed in ${path.relative(root, listFile)}`;
      }
      // An incremental build says how much it reused, so a slow one is easy to explain.
      const reused = result.pages?.carried ? ` (${result.pages.rendered} rendered, ${result.pages.carried} unchanged)` : '';
      console.log(`✔ Built ${result.routes.length} pages${reused} from ${result.fileCount} files into ${path.relative(root, out) || '.'}/ in ${seconds} s.${images} External links: ${external.length}, not fetched${listed}.`);
    });
}
