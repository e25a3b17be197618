import path from 'node:path';
import type { Command } from 'commander';
import { cacheFolder } from '../core/cache-folder.ts';
import { parseExistingFolder } from './options.ts';
import { progressBar } from './progress.ts';
import { printDone, secondsSince } from './summary.ts';

interface OgOptions {
  force?: boolean;
  only?: string;
  drafts?: boolean;
  content?: string;
  cache?: string;
  verbose?: boolean;
}

/** `site og`: brings the social-image cache up to date, drawing only stale images unless told otherwise. */
export function registerOg(program: Command): void {
  program
    .command('og')
    .description('draw the social preview images of pages whose image is stale (the next build reuses them)')
    .option('--force', 'draw every image, even those that have not changed')
    .option('--only <path>', 'only the image of the page at this URL path, e.g. /about/team (with --force to redraw it)')
    .option('--drafts', "draw the drafts' images too (draft: true), as site serve and site build --drafts show them")
    .option('--content <dir>', "read content from this folder instead of the site's own", parseExistingFolder)
    .option('--cache <dir>', `keep images in this folder (default: ${cacheFolder('og')} in the project)`)
    .option('--verbose', 'show stacks of template errors')
    .action(async (options: OgOptions, command: Command) => {
      const { root, config } = command.optsWithGlobals<{ root: string; config?: string }>();
      const started = performance.now();
      // Loaded here, not at the top, so --help answers without loading the engine.
      const [{ regenerateOgImages }, { hasErrors }, { printFailure }, { loadSite }] = await Promise.all([
        import('../runner/regenerate-og.ts'),
        import('../diagnostics/diagnostics.ts'),
        import('./failure.ts'),
        import('../site/load.ts'),
      ]);
      const site = await loadSite(root, config, { contentDir: options.content });
      // Both are mistakes in the command line rather than the content: exit 2, like any usage error.
      if (!site.og) command.error('This site draws no social images: its site definition has no `og`.', { exitCode: 2 });
      const bar = progressBar('Drawing social images');
      const result = await regenerateOgImages(site, {
        force: options.force,
        only: options.only,
        drafts: options.drafts,
        cacheDir: options.cache && path.resolve(options.cache),
        onProgress: (done, total) => bar.update(done, total),
      });
      bar.clear();
      if (hasErrors(result.diagnostics)) {
        printFailure(result.diagnostics, {
          cwd: root,
          fileCount: result.fileCount,
          contentDir: site.contentDir,
          verbose: options.verbose,
          outcome: 'Images drawn before the error are kept.',
        });
        return;
      }
      if (result.notFound) command.error(`--only ${options.only}: ${result.notFound}`, { exitCode: 2 });
      const threads = result.workers ? ` on ${result.workers} worker threads` : '';
      printDone(`Social images: ${result.drawn} drawn, ${result.reused} reused, in ${secondsSince(started)} s${threads}.`);
      if (options.only) for (const [url, file] of result.cacheFiles) console.log(`  ${url} → ${path.relative(process.cwd(), file)}`);
    });
}
