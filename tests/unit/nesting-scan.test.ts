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

  it('refuses them without parsing them: no plugin of the site runs on any', () => {
    // The parser's time grows with the square of the nesting: refused on the text, none of these
    // reaches it (how long each form takes is printed by scripts/bench/deep-nesting.ts).
    let parsed = 0;
    const countParses = () => () => void parsed++;
    const source = { file: '/content/deep.md', bodyLine: 1 };
    for (const markdown of Object.values(DEEP)) renderContentMarkdown(markdown, source, { remarkPlugins: [countParses] });
    expect(parsed).toBe(0);
    // The same plugin on a flat body of the same size runs: it would have counted the deep ones.
    renderContentMarkdown(fill('Plain words in one long paragraph. '), source, { remarkPlugins: [countParses] });
    expect(parsed).toBe(1);
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
