/**
 * One measured build, run in a process of its own so its peak memory is its own. Prints one
 * line of JSON: what was rendered and written, the build's own time and the process's peak RSS.
 *
 *   node --import tsx scripts/bench/build-child.ts --content DIR --out DIR --cache DIR [--threads N]
 */
import { parseArgs } from 'node:util';

// React's production build, as `site build` uses; set before anything imports React.
process.env.NODE_ENV ??= 'production';

const { values } = parseArgs({
  options: { content: { type: 'string' }, out: { type: 'string' }, cache: { type: 'string' }, threads: { type: 'string' }, root: { type: 'string', default: process.cwd() } },
});
const [{ build }, { loadSite, withContent }, { diskWriter }, { formatDiagnostics, hasErrors }] = await Promise.all([
  import('../../src/build.ts'),
  import('../../src/load-site.ts'),
  import('../../src/write.ts'),
  import('../../src/diagnostics.ts'),
]);

const site = withContent(await loadSite(values.root!), values.content);
const started = performance.now();
// Social images are measured on their own (see og-child.ts): no peer draws them.
const result = await build(site, diskWriter(values.out!), {
  cache: values.cache ? { dir: values.cache } : false,
  threads: values.threads === undefined ? undefined : Number(values.threads),
  socialImages: false,
});
const ms = performance.now() - started;
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
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    // All threads, start to finish: unlike wall time, barely moved by other work on the machine.
    cpuSeconds: Number(((process.cpuUsage().user + process.cpuUsage().system) / 1e6).toFixed(2)),
  }),
);
