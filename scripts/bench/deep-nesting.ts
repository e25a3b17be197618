/**
 * How long hostile nesting takes to be refused, beside a flat body of the same size (issue 25):
 *
 *   node scripts/bench/deep-nesting.ts
 *
 * Each body is about 20 KB; the figure is the median of 7 renders, in milliseconds. Refused on the
 * text (`safety/nesting-scan.ts`), a deep body should cost no more than a flat one; parsed, the
 * first of these took seconds. Nothing here is asserted: tests/unit/nesting-scan.test.ts checks
 * that none of them reaches the parser.
 */
import { renderContentMarkdown } from '../../src/render/markdown.ts';

const SIZE = 20_000;
const PROSE = 'A first line of prose.\nAnd a second one.\n';
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const indentedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${' '.repeat(2 * i)}- a`).join('\n');

const BODIES: Record<string, string> = {
  'flat paragraph (parsed)': fill('Plain words in one long paragraph. '),
  'list markers on one line': PROSE + fill('- '),
  'block quotes on one line': PROSE + fill('> '),
  'an indented list': PROSE + indentedList(140),
  'nested <div> elements': PROSE + fill('<div>'),
  'quotes and lists mixed': PROSE + fill('> - '),
};

const source = { file: '/content/deep.md', bodyLine: 1 };
for (const [name, markdown] of Object.entries(BODIES)) {
  // A space more each time, so that no kept rendering answers; the first two warm the code up.
  const times = Array.from({ length: 9 }, (_, i) => {
    const start = performance.now();
    renderContentMarkdown(markdown + ' '.repeat(i), source);
    return performance.now() - start;
  })
    .slice(2)
    .sort((a, b) => a - b);
  console.log(`${name.padEnd(26)} ${times[3]!.toFixed(2).padStart(8)} ms`);
}
