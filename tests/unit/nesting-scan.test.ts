import { describe, expect, it } from 'vitest';
import { renderContentMarkdown } from '../../src/render/markdown.ts';
import { MAX_NESTING } from '../../src/safety/nesting.ts';
import { tooDeepLine } from '../../src/safety/nesting-scan.ts';

const PROSE = 'A first line of prose.\nAnd a second one.\n';
const SIZE = 20_000;
/** An indented list, one item a line, each two columns deeper than the last. */
const indentedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${' '.repeat(2 * i)}- a`).join('\n');
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

/** Nesting past the limit, about 20 KB each, starting on line 3: the forms issue 25 found slow. */
const DEEP: Record<string, string> = {
  'list markers on one line': PROSE + fill('- '),
  'block quotes on one line': PROSE + fill('> '),
  'an indented list': PROSE + indentedList(140),
  'nested <div> elements': PROSE + fill('<div>'),
  'quotes and lists mixed': PROSE + fill('> - '),
};

const render = (markdown: string) => renderContentMarkdown(markdown, { file: '/content/deep.md', bodyLine: 1 });

function median(markdown: string): number {
  const times = [0, 1, 2].map(() => {
    const start = performance.now();
    render(markdown);
    return performance.now() - start;
  });
  return times.sort((a, b) => a - b)[1]!;
}

describe('nesting past the limit', () => {
  it.each(Object.entries(DEEP))('refuses %s at its line, before the parser sees it', (name, markdown) => {
    const { html, diagnostics } = render(markdown);
    expect(html).toBe('');
    // The parser's own check could only say line 1; the indented list passes the limit on its 101st line.
    const line = name === 'an indented list' ? 2 + MAX_NESTING + 1 : 3;
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'invalid-content', severity: 'error', file: '/content/deep.md', line })]);
  });

  it('refuses an indented list 5,000 deep at the line that passes the limit', () => {
    // 25 MB: parsed, it ran past 90 s and 1 GB.
    expect(render(indentedList(5000)).diagnostics).toEqual([expect.objectContaining({ code: 'invalid-content', line: MAX_NESTING + 1 })]);
  });

  it('takes at most 5 times what a flat file of the same size takes, whatever the nesting', () => {
    const flat = fill('Plain words in one long paragraph. ');
    // Warm-up: the parser's code is compiled before anything is timed.
    for (const markdown of [flat, ...Object.values(DEEP)]) render(markdown + ' ');
    const budget = 5 * median(flat);
    for (const [name, markdown] of Object.entries(DEEP)) expect(median(markdown), name).toBeLessThanOrEqual(budget);
  });

  it('passes nesting up to the limit, and code that only looks deep', () => {
    expect(tooDeepLine(`${'- '.repeat(MAX_NESTING)}x`)).toBeUndefined();
    expect(tooDeepLine(`${'- '.repeat(MAX_NESTING + 1)}x`)).toBe(1);
    expect(tooDeepLine(indentedList(MAX_NESTING))).toBeUndefined();
    expect(tooDeepLine(`${'<p>a'.repeat(500)}\n${'<li>b'.repeat(500)}`)).toBeUndefined();
    expect(tooDeepLine(`${'<div>x</div>'.repeat(500)}\n${'`<div>` '.repeat(500)}`)).toBeUndefined();
    expect(tooDeepLine(`\`\`\`json\n${Array.from({ length: 300 }, (_, i) => `${' '.repeat(2 * i)}{`).join('\n')}\n\`\`\``)).toBeUndefined();
  });
});
