import { writeFile } from 'node:fs/promises';
import { printable } from '../diagnostics/printable.ts';
import path from 'node:path';
import type { Command } from 'commander';
import { keepHeapsNearLiveSize } from './batch-heap.ts';
import { BUILD_CACHE_FOLDER, receiptFile, requestKey, upToDate, type ReceiptSummary } from '../runner/reuse/receipt.ts';
import { claimOutput, warnStuck } from './claim-output.ts';
import { parseExistingFolder, parseOrigin } from './options.ts';
import { progressBar } from './progress.ts';
import { sitePlaces, sourceOverlap } from './source-guard.ts';

/** `site build`: content → dist/, atomically. */
export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('build the site into a folder of static files')
    .option('-o, --out <dir>', 'the output folder', 'dist')
    .option('--origin <url>', "the origin for canonical URLs (default: $SITE_ORIGIN, else the site's own)", parseOrigin)
    .option('--content <dir>', "read content from this folder instead of the site's own", parseExistingFolder)
    .option('--verbose', 'show stacks of template errors')
    .option(
      '--external-links <file>',
      'write the links to other sites (never fetched) to this file: URL, count and first page, tab-separated',
    )
    .option('--drafts', 'build drafts (draft: true) too, each marked as a draft on its page')
    .option('--offline', 'build collections with a loader from their last result in .site-cache/data/, without running the loaders')
    .option(
      '--allow-shrink',
      'replace an output even with one of fewer than half its pages (otherwise the build stops and changes nothing)',
    )
    .action(
      async (
        options: {
          out: string;
          origin?: string;
          content?: string;
          verbose?: boolean;
          externalLinks?: string;
          allowShrink?: boolean;
          drafts?: boolean;
          offline?: boolean;
        },
        command: Command,
      ) => {
        const { root, config } = command.optsWithGlobals<{ root: string; config?: string }>();
        const started = performance.now();
        // React's development build checks and warns on every element, which makes rendering about
        // three times slower; a build is a production run. Set before React is first imported
        // (worker threads inherit it), and never over a value someone set on purpose.
        process.env.NODE_ENV ??= 'production';
        keepHeapsNearLiveSize();
        const out = path.resolve(root, options.out);
        const invalidOut = (problem: string) => command.error(`error: option '-o, --out <dir>' is invalid: ${problem}`, { exitCode: 2 });
        const cacheDir = path.join(root, BUILD_CACHE_FOLDER);
        await claimOutput(out, { root, config, content: options.content, cacheDir }, invalidOut);
        const request = requestKey([
          'site build',
          out,
          options.content ? path.resolve(root, options.content) : '',
          options.origin ?? '',
          config ? path.resolve(root, config) : '',
          ...(options.drafts ? ['drafts'] : []),
          ...(options.offline ? ['offline'] : []),
        ]);
        // Nothing changed since the last build into this folder: say so without loading the engine.
        const unchanged = upToDate(receiptFile(cacheDir, out), request, out);
        if (unchanged) {
          const og = unchanged.og && { drawn: 0, reused: unchanged.og.drawn + unchanged.og.reused };
          await report({ ...unchanged, og, rendered: 0, carried: unchanged.pages, upToDate: true });
          return;
        }
        // Loaded here, not at the top, so --help, --version and an up-to-date build answer without loading the engine.
        const [{ build }, { hasErrors }, { diagnosticLines, formatDiagnostics }, { loadSite }, { diskWriter }, { writeFailure }] =
          await Promise.all([
            import('../build.ts'),
            import('../diagnostics/diagnostics.ts'),
            import('../diagnostics/print.ts'),
            import('../site/load.ts'),
            import('../output/write.ts'),
            import('../output/write-guards.ts'),
          ]);
        const site = await loadSite(root, config, { contentDir: options.content });
        const overlap = sourceOverlap(out, sitePlaces(site));
        if (overlap) invalidOut(overlap);
        const bar = progressBar('Drawing social images');
        const result = await build(site, diskWriter(out, { guardShrink: !options.allowShrink, onStuck: warnStuck }), {
          origin: options.origin,
          drafts: options.drafts,
          offline: options.offline,
          log: (level, line) => void ((level === 'warn' || options.verbose) && console.error(`${level === 'warn' ? '⚠' : '·'} ${line}`)),
          og: { onProgress: (done, total) => bar.update(done, total) },
          cache: { dir: cacheDir, request },
        }).catch((error: unknown) => {
          // A full disk or a size limit met by any thread: one line naming the output (see `writeFailure`).
          bar.clear();
          throw writeFailure(error, out);
        });
        bar.clear();
        if (hasErrors(result.diagnostics)) {
          console.error(
            formatDiagnostics(result.diagnostics, {
              cwd: root,
              fileCount: result.fileCount,
              contentDir: site.contentDir,
              verbose: options.verbose,
              outcome: `Nothing was written to ${path.relative(root, out) || '.'}/.`,
            }),
          );
          process.exitCode = 1;
          return;
        }
        // Warnings do not stop a build, but are worth a look: shown above its summary.
        if (result.diagnostics.length)
          console.error(diagnosticLines(result.diagnostics, { cwd: root, verbose: options.verbose }).join('\n'));
        await report({
          pages: result.routes.length,
          files: result.fileCount,
          drafts: result.drafts,
          skipped: result.skipped,
          og: result.og,
          externalLinks: result.externalLinks ?? [],
          ...(result.elsewhereLinks?.length ? { elsewhereLinks: result.elsewhereLinks } : {}),
          rendered: result.pages?.rendered ?? 0,
          carried: result.pages?.carried ?? 0,
        });

        /** Prints the one line a successful build ends with, and lists the external links if asked. */
        async function report(summary: ReceiptSummary & { rendered: number; carried: number; upToDate?: boolean }) {
          const seconds = ((performance.now() - started) / 1000).toFixed(2);
          const images = summary.og ? ` Social images: ${summary.og.drawn} drawn, ${summary.og.reused} reused.` : '';
          const external = summary.externalLinks;
          let listed = '';
          if (options.externalLinks) {
            const listFile = path.resolve(root, options.externalLinks);
            await writeFile(listFile, external.map((link) => `${link.url}\t${link.count}\t${link.firstPage}\n`).join(''));
            listed = `, listed in ${path.relative(root, listFile)}`;
          }
          // An incremental build says how much it reused, so a slow one is easy to explain.
          const reused = summary.upToDate
            ? ' (nothing changed since the last build)'
            : summary.carried
              ? ` (${summary.rendered} rendered, ${summary.carried} unchanged)`
              : '';
          // Drafts are counted, so a page missing from the output is never a mystery.
          const drafts = summary.drafts
            ? ` ${summary.drafts === 1 ? '1 draft' : `${summary.drafts} drafts`} left out (--drafts builds them).`
            : '';
          console.log(
            printable(
              `✔ Built ${summary.pages} pages${reused} from ${summary.files} files into ${path.relative(root, out) || '.'}/ in ${seconds} s.${drafts}${skippedFiles(summary.skipped ?? [])}${images} External links: ${external.length}, not fetched${listed}${elsewhere(summary.elsewhereLinks ?? [])}.`,
            ),
          );
        }
      },
    );
}

/** The links to paths declared as another site's (`links.external`), counted so that none goes unchecked in silence. */
function elsewhere(links: readonly { count: number }[]): string {
  if (!links.length) return '';
  const count = links.reduce((sum, link) => sum + link.count, 0);
  return `; ${count} ${count === 1 ? 'link' : 'links'} to ${links.length} ${links.length === 1 ? 'path' : 'paths'} declared elsewhere (links.external), not checked`;
}

/** The files under the content folder that look like content but were not read, named (the first few) so that none is lost in silence. */
function skippedFiles(skipped: readonly string[]): string {
  if (!skipped.length) return '';
  const named = skipped.slice(0, 3).join(', ') + (skipped.length > 3 ? ', …' : '');
  return ` ${skipped.length === 1 ? '1 file' : `${skipped.length} files`} under the content folder not read (${named}): only .md and .mdx files not starting with a dot are content.`;
}
