/**
 * One measured build, run in a process of its own so its peak memory is its own. Prints one
 * line of JSON: what was rendered and written, the build's own time and the process's peak RSS.
 * Like `site build`, it first checks the last build's receipt (see `src/runner/reuse/receipt.ts`).
 *
 *   node scripts/bench/build-child.ts --content DIR --out DIR --cache DIR [--threads N] [--config FILE]
 */
import module from 'node:module';
import { parseArgs } from 'node:util';

// As `bin/site` does.
module.enableCompileCache();

// React's production build, as `site build` uses; set before anything imports React.
process.env.NODE_ENV ??= 'production';

const { values } = parseArgs({
  options: {
    content: { type: 'string' },
    out: { type: 'string' },
    cache: { type: 'string' },
    threads: { type: 'string' },
    root: { type: 'string', default: process.cwd() },
    // Another site definition than the project's (relative to --root), as `site --config` takes.
    config: { type: 'string' },
  },
});
const started = performance.now();
// As `site build` does (see the module).
(await import('../../src/cli/batch-heap.ts')).keepHeapsNearLiveSize();
/** Peak memory and CPU time of the whole process, all threads, start to finish (CPU: unlike wall time, barely moved by other work on the machine). */
const usage = () => ({
  peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  cpuSeconds: Number(((process.cpuUsage().user + process.cpuUsage().system) / 1e6).toFixed(2)),
});

// As `site build` does: a receipt that says nothing changed ends the build before the engine loads.
const { receiptFile, requestKey, upToDate } = await import('../../src/runner/reuse/receipt.ts');
const request = requestKey(['bench', values.out, values.content, values.threads ?? '']);
const unchanged = values.cache ? upToDate(receiptFile(values.cache, values.out!), request, values.out!) : undefined;
if (unchanged) {
  console.log(
    JSON.stringify({
      buildMs: Math.round(performance.now() - started),
      pages: unchanged.pages,
      rendered: 0,
      inWorkers: 0,
      written: 0,
      ...usage(),
    }),
  );
  process.exit(0);
}

// As `site build` does: the site's code gets this engine (see src/site/engine-modules.ts).
await import('../../src/provide-engine.ts');
const [{ build }, { loadSite, withContent }, { diskWriter }, { hasErrors }, { formatDiagnostics }] = await Promise.all([
  import('../../src/build.ts'),
  import('../../src/site/load.ts'),
  import('../../src/output/write.ts'),
  import('../../src/diagnostics/diagnostics.ts'),
  import('../../src/diagnostics/print.ts'),
]);

const site = withContent(await loadSite(values.root!, values.config), values.content);
const buildStarted = performance.now();
// Social images are measured on their own (see og-child.ts): no peer draws them.
const result = await build(site, diskWriter(values.out!), {
  cache: values.cache ? { dir: values.cache, request } : false,
  threads: values.threads === undefined ? undefined : Number(values.threads),
  socialImages: false,
});
const ms = performance.now() - buildStarted;
if (hasErrors(result.diagnostics)) {
  console.error(formatDiagnostics(result.diagnostics, { cwd: values.root!, fileCount: result.fileCount }));
  process.exit(1);
}
console.log(
  JSON.stringify({
    buildMs: Math.round(ms),
    pages: result.routes.length,
    rendered: result.pages?.rendered ?? 0,
    inWorkers: result.pages?.inWorkers ?? 0,
    written: result.written?.files.length ?? 0,
    ...usage(),
  }),
);
