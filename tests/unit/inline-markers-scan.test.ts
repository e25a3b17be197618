import { describe, expect, it } from 'vitest';
import { renderContentMarkdown } from '../../src/render/markdown.ts';
import { crowdedInlineLine, MAX_INLINE_MARKERS } from '../../src/safety/inline-markers-scan.ts';

const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('\n');
/** Over the cap many times over when counted as one paragraph. */
const crowd = '**a'.repeat(60);

describe('the cap on emphasis and link markers in one paragraph', () => {
  it('refuses a paragraph over it, at the line where the count passes it', () => {
    expect(crowdedInlineLine(`# Title\n\nIntro.\n\n${'**a'.repeat(MAX_INLINE_MARKERS / 2 + 1)}`)).toBe(5);
    expect(crowdedInlineLine(`${'[a]('.repeat(MAX_INLINE_MARKERS / 2 + 1)}`)).toBe(1);
    expect(crowdedInlineLine(lines(100, () => crowd))).toBe(Math.floor(MAX_INLINE_MARKERS / 120) + 1);
  });

  it('says so at the file and line, and renders nothing', () => {
    const { html, diagnostics } = renderContentMarkdown(`Intro.\n\n${'**a'.repeat(1500)}`, { file: '/content/a.md', bodyLine: 5 });
    expect(html).toBe('');
    expect(diagnostics).toMatchObject([{ code: 'invalid-content', file: '/content/a.md', line: 7, field: 'body' }]);
    expect(diagnostics[0]!.message).toContain('1000 pairs');
    expect(diagnostics[0]!.hint).toContain('blank lines');
  });

  it('leaves what people write alone: long tight lists, tables, definitions, code, words with underscores', () => {
    expect(crowdedInlineLine(lines(3000, (i) => `- [**item ${i}**](/items/${i}) and *more*`))).toBeUndefined();
    expect(crowdedInlineLine(lines(3000, (i) => `${i + 1}. [item ${i}](/items/${i}) **x**`))).toBeUndefined();
    expect(crowdedInlineLine(`> quoted\n${lines(3000, (i) => `${i + 2}) [item ${i}](/items/${i})`)}`)).toBeUndefined();
    expect(crowdedInlineLine(`| a | b |\n|---|---|\n${lines(3000, (i) => `| [**${i}**](/x/${i}) | *y* |`)}`)).toBeUndefined();
    expect(crowdedInlineLine(`a | b\n--- | ---\n${lines(3000, (i) => `[**${i}**](/x/${i}) | *y*`)}`)).toBeUndefined();
    expect(crowdedInlineLine(`Links:\n\n${lines(3000, (i) => `[ref-${i}]: https://example.com/${i}`)}`)).toBeUndefined();
    expect(crowdedInlineLine(`\`\`\`c\n${lines(3000, () => 'int **p = *q * *r; [a] [b]')}\n\`\`\``)).toBeUndefined();
    expect(crowdedInlineLine(lines(3000, () => 'snake_case_name and another_one_here'))).toBeUndefined();
    expect(crowdedInlineLine(lines(300, (i) => `## Heading ${i} with [a link](/x) and **bold**\n${crowd}`))).toBeUndefined();
  });

  it('goes on counting where the parser goes on with one paragraph', () => {
    // Only a list item numbered 1 may interrupt a paragraph: these are one paragraph.
    expect(crowdedInlineLine(`x\n${lines(100, () => `2. ${crowd}`)}`)).toBeDefined();
    // Nor inside a list item's own text: these continue the item's paragraph.
    expect(crowdedInlineLine(`1. x\n${lines(100, () => `   2. ${crowd}`)}`)).toBeDefined();
    expect(crowdedInlineLine(`x\n2. y\n${lines(100, () => `2. ${crowd}`)}`)).toBeDefined();
    // Indented four columns, a marker continues the paragraph as text.
    expect(crowdedInlineLine(`x\n${lines(100, () => `    - ${crowd}`)}`)).toBeDefined();
    // A lazy line continues a list item's paragraph; a quote's lines continue its paragraph.
    expect(crowdedInlineLine(`- x\n${lines(100, () => crowd)}`)).toBeDefined();
    expect(crowdedInlineLine(lines(100, () => `> ${crowd}`))).toBeDefined();
    // A definition cannot interrupt a paragraph, and a label of 1,000 characters makes none.
    expect(crowdedInlineLine(`x\n${lines(100, () => `[a]: ${crowd}`)}`)).toBeDefined();
    expect(crowdedInlineLine(lines(100, () => `[${'l'.repeat(1000)}]: /x ${crowd}`))).toBeDefined();
    // A thematic break or a quote ends a table: the lines after it are one paragraph again.
    expect(crowdedInlineLine(`| a |\n|---|\n| b |\n***\n${lines(100, () => `| ${crowd}`)}`)).toBeDefined();
    // Columns that do not match make no table.
    expect(crowdedInlineLine(`| a | b |\n|---|\n${lines(100, () => `| ${crowd} |`)}`)).toBeDefined();
    // A table's header must start a block.
    expect(crowdedInlineLine(`x\n| a |\n|---|\n${lines(100, () => `| ${crowd}`)}`)).toBeDefined();
  });
});
