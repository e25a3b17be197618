/**
 * Takes one hand-written stand-in out of a process, for `fast-paths.ts` to build without it:
 * loaded with `node --import`, it resolves the module that holds it, named by
 * `SITE_BENCH_WITHOUT`, to its file in `without/`, the same exports with the stand-in switched
 * off through its one interface.
 */
import module from 'node:module';

export const WITHOUT: Record<string, { module: string; instead: string }> = {
  yaml: { module: 'src/runner/fast-paths/front-matter-yaml.ts', instead: 'scripts/bench/without/front-matter-yaml.ts' },
  autolinks: { module: 'src/runner/fast-paths/gfm-autolinks.ts', instead: 'scripts/bench/without/gfm-autolinks.ts' },
  tables: { module: 'src/runner/fast-paths/gfm-table-guard.ts', instead: 'scripts/bench/without/gfm-table-guard.ts' },
  scan: { module: 'src/runner/fast-paths/html-scan.ts', instead: 'scripts/bench/without/html-scan.ts' },
  prose: { module: 'src/runner/fast-paths/prose-markdown.ts', instead: 'scripts/bench/without/prose-markdown.ts' },
};

// Several at once are joined by "+": `autolinks+tables` is the engine without both GFM guards.
for (const name of (process.env.SITE_BENCH_WITHOUT ?? '').split('+').filter(Boolean)) {
  const { module: from, instead } = WITHOUT[name] ?? {};
  if (!from || !instead)
    throw new Error(`SITE_BENCH_WITHOUT takes ${Object.keys(WITHOUT).join(', ')}, or several joined by "+"; found ${name}`);
  let redirected = 0;
  module.registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      // The stand-in's replacement imports the module itself.
      if (!resolved.url.endsWith(`/${from}`) || context.parentURL?.endsWith(`/${instead}`)) return resolved;
      redirected++;
      return { ...resolved, url: resolved.url.slice(0, -from.length) + instead };
    },
  });
  // `--import` runs in worker threads too, so they register the hook as well.
  process.on('exit', () => {
    if (redirected === 0) process.stderr.write(`without.ts: nothing imported ${from}\n`);
  });
}
