/**
 * Two builds of the site under Lighthouse in alternated pairs: each page of each build in turn,
 * the order swapped every round, so that both builds see the same minutes of a loaded machine
 * (Lantern's simulation scales the CPU time it measures; docs/performance-history.md, "Why LCP
 * and TBT pull against each other"). Prints each run, then the median LCP, TBT and score of each
 * page of each build.
 *   node scripts/lighthouse-pairs.ts [--pairs 4] [--pages /,/blogs/x] DIST_A DIST_B
 * Without --pages it takes one page of every template (scripts/template-pages.ts) from DIST_A.
 */
import { parseArgs } from 'node:util';
import { type PageScores, runLighthouse } from './check/lighthouse.ts';
import { chooseTemplatePages } from './template-pages.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { pairs: { type: 'string', default: '4' }, pages: { type: 'string' } },
});
if (positionals.length !== 2) {
  console.error('usage: node scripts/lighthouse-pairs.ts [--pairs 4] [--pages /,/blogs/x] DIST_A DIST_B');
  process.exit(2);
}
const dists = positionals as [string, string];
const pairs = Number(values.pairs);
const chosen = values.pages ? values.pages.split(',').map((page) => ({ template: page, page })) : await chooseTemplatePages(dists[0]);
const runs = new Map<string, PageScores[]>();
const documentBytes = (scores: PageScores) => scores.requests.find((request) => request.type === 'Document')?.bytes ?? 0;
for (let round = 0; round < pairs; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  for (const { template, page } of chosen) {
    for (const side of order) {
      const [scores] = await runLighthouse(dists[side]!, [{ template, page }], { runs: 1, keep: 'median' });
      const key = `${side}\t${page}`;
      runs.set(key, [...(runs.get(key) ?? []), scores!]);
      console.log(
        `round ${round + 1} ${'AB'[side]} ${page}: LCP ${scores!.metrics.lcpMs} FCP ${scores!.metrics.fcpMs} TBT ${scores!.metrics.tbtMs} perf ${Math.round(scores!.scores.performance * 100)} a11y/bp/seo ${[scores!.scores.accessibility, scores!.scores['best-practices'], scores!.scores.seo].map((score) => Math.round(score * 100)).join('/')} doc ${documentBytes(scores!)} B host ${scores!.benchmarkIndex}`,
      );
    }
  }
}
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
console.log(`\npage  build  LCP median [min-max]  TBT median  perf each run  (A = ${dists[0]}, B = ${dists[1]})`);
for (const { page } of chosen) {
  for (const side of [0, 1]) {
    const list = runs.get(`${side}\t${page}`) ?? [];
    const lcp = list.map((scores) => scores.metrics.lcpMs);
    console.log(
      `${page}  ${'AB'[side]}  ${median(lcp)} [${Math.min(...lcp)}-${Math.max(...lcp)}]  ${median(list.map((scores) => scores.metrics.tbtMs))}  ${list.map((scores) => Math.round(scores.scores.performance * 100)).join(',')}`,
    );
  }
}
