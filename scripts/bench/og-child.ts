/**
 * Social images, measured on their own: draws `--sample` pages' images into an empty cache
 * (cold), then publishes the same images again from that cache (warm). Prints one line of JSON
 * with the time per image of each. A sample is enough: every image costs about the same.
 *
 *   node scripts/bench/og-child.ts --content DIR --cache DIR --sample 200
 */
import { parseArgs } from 'node:util';

process.env.NODE_ENV ??= 'production';

const { values } = parseArgs({
  options: {
    content: { type: 'string' },
    cache: { type: 'string' },
    sample: { type: 'string', default: '200' },
    root: { type: 'string', default: process.cwd() },
  },
});
// As `site build` does: the site's code gets this engine (see src/site/engine-modules.ts).
await import('../../src/provide-engine.ts');
const [{ readContent }, { loadSite, withContent }, { planOgImages }, { renderOgImages }] = await Promise.all([
  import('../../src/content/read.ts'),
  import('../../src/site/load.ts'),
  import('../../src/og/plan.ts'),
  import('../../src/runner/social-images.ts'),
]);

const site = withContent(await loadSite(values.root!), values.content);
const { catalogue } = await readContent(site);
const plan = await planOgImages(site, catalogue);
// Synthetic pages first: each has a title of its own, so no two share a cache key.
const jobs = [...plan.jobs]
  .sort((a, b) => Number(b.pageUrl.includes('/bench-')) - Number(a.pageUrl.includes('/bench-')))
  .slice(0, Number(values.sample));

const time = async () => {
  const started = performance.now();
  const result = await renderOgImages(site, jobs, { cacheDir: values.cache });
  if (result.diagnostics.length) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  return { ms: performance.now() - started, ...result };
};
const cold = await time();
const warm = await time();
console.log(
  JSON.stringify({
    images: jobs.length,
    coldMsPerImage: Number((cold.ms / jobs.length).toFixed(2)),
    coldDrawn: cold.drawn,
    coldWorkers: cold.workers,
    warmMsPerImage: Number((warm.ms / jobs.length).toFixed(3)),
    warmReused: warm.reused,
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
