import path from 'node:path';
import type { Command } from 'commander';
import { BUILD_CACHE_FOLDER } from '../runner/reuse/receipt.ts';
import { buildRequestKey, unchangedBuild } from '../runner/up-to-date.ts';
import { keepHeapsNearLiveSize } from './batch-heap.ts';
import { claimOutput, warnStuck } from './claim-output.ts';
import { OFFLINE_HELP, parseExistingFolder, parseOrigin } from './options.ts';
import { progressBar } from './progress.ts';
import { sitePlaces, sourceOverlap } from './source-guard.ts';
import { printBuildSummary } from './summary.ts';

interface BuildOptions {
  out: string;
  origin?: string;
  content?: string;
  verbose?: boolean;
  externalLinks?: string;
  allowShrink?: boolean;
  drafts?: boolean;
  offline?: boolean;
}

/** Where one `site build` reads and writes, resolved once from its options. */
interface BuildPlaces {
  root: string;
  config?: string;
  out: string;
  cacheDir: string;
  /** Stops the command on an output folder that cannot be used, saying why. */
  invalidOut: (problem: string) => never;
}

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
    .option('--offline', OFFLINE_HELP)
    .option(
      '--allow-shrink',
      'replace an output even with one of fewer than half its pages (otherwise the build stops and changes nothing)',
    )
    .action(async (options: BuildOptions, command: Command) => {
      const started = performance.now();
      preferProductionRun();
      const places = placesOf(options, command);
      await claimOutput(places.out, { ...places, content: options.content }, places.invalidOut);
      const request = buildRequestKey({ ...options, ...places });
      // Nothing changed since the last build into this folder: say so without loading the engine.
      const unchanged = unchangedBuild(places.cacheDir, places.out, request);
      if (unchanged) await printBuildSummary(unchanged, { ...places, externalLinks: options.externalLinks }, started);
      else await buildSite(options, places, request, started);
    });
}

/**
 * React's development build checks and warns on every element, which makes rendering about three
 * times slower; a build is a production run. Set before React is first imported (worker threads
 * inherit it), and never over a value someone set on purpose.
 */
function preferProductionRun(): void {
  process.env.NODE_ENV ??= 'production';
  keepHeapsNearLiveSize();
}

/** The folders a build uses, from its options and the program's (`--root`, `--config`). */
function placesOf(options: BuildOptions, command: Command): BuildPlaces {
  const { root, config } = command.optsWithGlobals<{ root: string; config?: string }>();
  return {
    root,
    config,
    out: path.resolve(root, options.out),
    cacheDir: path.join(root, BUILD_CACHE_FOLDER),
    invalidOut: (problem) => command.error(`error: option '-o, --out <dir>' is invalid: ${problem}`, { exitCode: 2 }),
  };
}

/** Loads the engine and the site, builds it into the output folder, and prints how it went. */
async function buildSite(options: BuildOptions, places: BuildPlaces, request: string, started: number): Promise<void> {
  const { root, config, out, cacheDir } = places;
  // Loaded here, not at the top, so --help, --version and an up-to-date build answer without loading the engine.
  const [{ build }, { hasErrors }, { diagnosticLines }, { printFailure }, { loadSite }, { diskWriter }, { writeFailure }, { spareOutput }] =
    await Promise.all([
      import('../build.ts'),
      import('../diagnostics/diagnostics.ts'),
      import('../diagnostics/print.ts'),
      import('./failure.ts'),
      import('../site/load.ts'),
      import('../output/write.ts'),
      import('../output/write-guards.ts'),
      import('../runner/reuse/spare-output.ts'),
    ]);
  const site = await loadSite(root, config, { contentDir: options.content });
  const overlap = sourceOverlap(out, sitePlaces(site));
  if (overlap) places.invalidOut(overlap);
  const bar = progressBar('Drawing social images');
  const result = await build(
    site,
    diskWriter(out, { guardShrink: !options.allowShrink, onStuck: warnStuck, spare: spareOutput(cacheDir, out) }),
    {
      origin: options.origin,
      drafts: options.drafts,
      offline: options.offline,
      log: (level, line) => void ((level === 'warn' || options.verbose) && console.error(`${level === 'warn' ? '⚠' : '·'} ${line}`)),
      og: { onProgress: (done, total) => bar.update(done, total) },
      cache: { dir: cacheDir, request },
    },
  ).catch((error: unknown) => {
    // A full disk or a size limit met by any thread: one line naming the output (see `writeFailure`).
    bar.clear();
    throw writeFailure(error, out);
  });
  bar.clear();
  if (hasErrors(result.diagnostics)) {
    const outcome = `Nothing was written to ${path.relative(root, out) || '.'}/.`;
    printFailure(result.diagnostics, {
      cwd: root,
      fileCount: result.fileCount,
      contentDir: site.contentDir,
      verbose: options.verbose,
      outcome,
    });
    return;
  }
  // Warnings do not stop a build, but are worth a look: shown above its summary.
  if (result.diagnostics.length) console.error(diagnosticLines(result.diagnostics, { cwd: root, verbose: options.verbose }).join('\n'));
  const summary = {
    pages: result.routes.length,
    files: result.fileCount,
    drafts: result.drafts,
    skipped: result.skipped,
    og: result.og,
    externalLinks: result.externalLinks ?? [],
    ...(result.elsewhereLinks?.length ? { elsewhereLinks: result.elsewhereLinks } : {}),
    rendered: result.pages?.rendered ?? 0,
    carried: result.pages?.carried ?? 0,
  };
  await printBuildSummary(summary, { root, out, externalLinks: options.externalLinks }, started);
}
