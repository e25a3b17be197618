import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/links/check-links.ts';
import { scanHtml } from '../../src/runner/fast-paths/html-scan.ts';
import type { Route } from '../../src/routes/routes.ts';
import { renderContentMarkdown } from '../../src/render/markdown.ts';
import { tooDeepLine } from '../../src/safety/nesting-scan.ts';
import { checkSvg } from '../../src/safety/svg-safety.ts';

// Issue 39, must-have 6: linear time for every input an author writes. Work is counted, never
// timed: V8's precise coverage counts how often each block of code ran (the engine's and its
// libraries' alike), which is exact and the same on any machine, however loaded. Each input kind
// is made at n, 2n and 4n; grown linearly, each doubling at most doubles the count (and a little,
// for what does not grow). The counts see JavaScript, not the work inside a built-in (a string
// search, a regular expression): a loop that searches the rest of the text again for each of
// many starts is seen only by its loop. Front matter has its own file, front-matter-bounds.test.ts.

const session = new Session();
beforeAll(async () => {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
});
afterAll(async () => {
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
});

/** How many times blocks of code ran while `run` ran (taking the coverage resets the counts). */
async function countWork(run: () => unknown): Promise<number> {
  await session.post('Profiler.takePreciseCoverage');
  run();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  let blocks = 0;
  for (const script of result) for (const fn of script.functions) for (const range of fn.ranges) blocks += range.count;
  return blocks;
}

async function expectLinear(make: (n: number) => string, run: (input: string) => unknown, n: number) {
  // Once first, so that what runs only once (loading a grammar, compiling a pattern) is not counted.
  run(make(n));
  const counts: number[] = [];
  for (const size of [n, 2 * n, 4 * n]) counts.push(await countWork(() => run(make(size))));
  const [small, medium, large] = counts as [number, number, number];
  expect(medium / small, `work at ${n}, ${2 * n}, ${4 * n}: ${counts.join(', ')}`).toBeLessThan(2.3);
  expect(large / medium, `work at ${n}, ${2 * n}, ${4 * n}: ${counts.join(', ')}`).toBeLessThan(2.3);
}

const times = (n: number, unit: (i: number) => string, separator = '\n') => Array.from({ length: n }, (_, i) => unit(i)).join(separator);
/** A body rendered as a content file's, each size a new text (rendered bodies are kept by their text). */
const render = (markdown: string) => renderContentMarkdown(markdown, { file: '/content/attack.md', bodyLine: 1 });

describe('a body takes work that grows linearly with', () => {
  it.each<[string, (n: number) => string]>([
    ['headings', (n) => times(n, (i) => `## Heading ${i}\n\nText.\n`)],
    ['headings of one name (ids made unique)', (n) => times(n, () => '## Same\n')],
    ['links', (n) => times(n, (i) => `[link ${i}](/page/${i})`, ' ')],
    ['bare URLs (autolinks)', (n) => times(n, (i) => `https://site${i}.example/a and www.w${i}.example`, ' ')],
    ['a very long line', (n) => 'word '.repeat(20 * n)],
    ['table rows', (n) => `| a | b |\n|---|---|\n${times(n, (i) => `| ${i} | x |`)}`],
    ['lines with pipes that make no table', (n) => times(n, () => 'a | b')],
    ['raw HTML elements with one id', (n) => times(n, () => '<p id="same">x</p>', '\n\n')],
    ['reference definitions and their uses', (n) => `${times(n, (i) => `[r${i}]: /x/${i}`)}\n\n${times(n, (i) => `[r${i}]`, ' ')}`],
    ['footnotes', (n) => `${times(n, (i) => `a[^${i}]`, ' ')}\n\n${times(n, (i) => `[^${i}]: note`)}`],
    ['unclosed emphasis and brackets', (n) => '*a [b '.repeat(n)],
    ['unclosed code spans', (n) => '`a '.repeat(n)],
    ['a highlighted code block', (n) => `\`\`\`js\n${times(n, (i) => `const a${i} = "x"; // note`)}\n\`\`\``],
  ])('%s', async (_, make) => {
    let round = 0;
    await expectLinear((n) => `${make(n)}\n\n${round++}`, render, 100);
  });
});

// micromark pairs emphasis and link markers by looking back from each closing one over the whole
// paragraph: quadratic in a paragraph's markers, so the engine caps them (inline-markers-scan.ts).
// At these sizes a paragraph holds thousands of markers, where the square shows. (`[a](` repeated
// is quadratic too, but inside built-ins the counts do not see: tests/unit/inline-markers-scan.test.ts.)
describe('a body crowded with emphasis or link markers takes linear work', () => {
  it.each<[string, (n: number) => string]>([
    ['one paragraph of `**a`', (n) => '**a'.repeat(n)],
    ['a list item followed by lazy lines of `**a`', (n) => `- x\n${times(n / 10, () => '**a'.repeat(10))}`],
    ['paragraphs of `**a`, each under the cap', (n) => times(n / 500, () => '**a'.repeat(500), '\n\n')],
  ])('%s', async (_, make) => {
    let round = 0;
    await expectLinear((n) => `${make(n)}\n\n${round++}`, render, 1500);
  });
});

describe("the engine's own scans take work that grows linearly with", () => {
  it('ids and links of a page (the HTML scan)', async () => {
    await expectLinear((n) => times(n, (i) => `<p id="p${i % 7}"><a href="/x/${i}">x</a></p>`, ''), scanHtml, 500);
  });

  it('a `<` that makes no tag, many times (the HTML scan, on text no serializer writes)', async () => {
    await expectLinear((n) => '<a '.repeat(n), scanHtml, 500);
  });

  it('lines, quotes and tags (the nesting scan)', async () => {
    await expectLinear((n) => times(n, (i) => `${'> '.repeat(i % 50)}- <div>x</div> \`<b>\``), tooDeepLine, 500);
  });

  it('attributes and <style> elements of an SVG', async () => {
    const svg = (n: number) => `<svg>${times(n, (i) => `<rect fill="url(#g${i})" style="mask: url(#m)"/><style>rect{fill:red}`, '')}</svg>`;
    await expectLinear(svg, (text) => checkSvg('/content/a.svg', text), 200);
  });

  it('<style> elements left open in an SVG', async () => {
    await expectLinear(
      (n) => `<svg>${'<style>'.repeat(n)}`,
      (text) => checkSvg('/content/a.svg', text),
      500,
    );
  });

  it('links checked across pages, the broken ones located in the body', async () => {
    const check = (n: number) => {
      const body = times(n, (i) => `[to ${i}](/p/${i}#top) and [gone ${i}](/gone/${i})`);
      const links = times(n, (i) => `<a href="/p/${i}#top">to</a><a href="/gone/${i}">gone</a>`, '');
      const entry = { url: '/', file: '/content/index.md', relative: 'index.md', body, bodyLine: 5, data: {} };
      const routes = [{ url: '/', outPath: 'index.html', template: 'page', noindex: false, entry }] as unknown as Route[];
      const pages = Array.from({ length: n }, (_, i) => ({ path: `p/${i}.html`, contents: '<main id="top">x</main>' }));
      return () => checkLinks([{ path: 'index.html', contents: `<main>${links}</main>` }, ...pages], routes, 'https://site.example');
    };
    const report = check(3)();
    const gone = report.diagnostics.filter((d) => d.actual?.includes('/gone/'));
    expect(gone.map((d) => [d.code, d.line])).toEqual([0, 1, 2].map((i) => ['broken-link', 5 + i]));
    await expectLinear(
      (n) => String(n),
      (n) => check(Number(n))(),
      200,
    );
  });
});
