import fc from 'fast-check';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { possibleHeaderLines, remarkGuardTables } from '../../src/runner/fast-paths/gfm-table-guard.ts';
import { expectSameOnRandomMarkdown, siteAndCorpusBodies } from '../helpers/markdown-bodies.ts';
import { settings } from './workspace.ts';

const full = unified().use(remarkParse).use(remarkGfm).freeze();
const guarded = unified().use(remarkParse).use(remarkGfm).use(remarkGuardTables).freeze();

/** The syntax tree, positions and all, of full GFM and of GFM with the table guard; they must agree. */
function bothWays(body: string): [string, string] {
  return [JSON.stringify(full.parse(body)), JSON.stringify(guarded.parse(body))];
}

/** Pieces tables are made of, and the containers, line endings and lazy lines around them. */
const piece = fc.constantFrom(
  '|',
  '|',
  ' | ',
  '-',
  '---',
  ':--',
  '--:',
  ':-:',
  ':',
  ' ',
  '  ',
  '    ',
  '\t',
  'a',
  'cell',
  'b c',
  '\\|',
  '`|`',
  '\n',
  '\n',
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  '> ',
  '- ',
  '* ',
  '1. ',
  '  - ',
  '#',
  '## ',
  '=',
  '===',
  '```',
  '~~~',
  '<div>',
  '[x]: /y',
  '*',
  '_',
  '~',
);
const tableish = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));

/** Whole tables with prose, lists and quotes around them, written the ways authors write them. */
const row = fc.array(fc.constantFrom('a', 'b c', '1', '', '`x|y`', '**b**'), { minLength: 1, maxLength: 4 });
const table = fc
  .tuple(
    row,
    fc.constantFrom('---', ':--', '--:', ':-:', '-'),
    fc.array(row, { maxLength: 3 }),
    fc.boolean(),
    fc.constantFrom('', '> ', '- ', '  '),
  )
  .map(([head, delimiter, body, pipes, prefix]) => {
    const line = (cells: string[]) => prefix + (pipes ? `| ${cells.join(' | ')} |` : cells.join(' | '));
    return [
      line(head),
      prefix + (pipes ? `|${head.map(() => delimiter).join('|')}|` : head.map(() => delimiter).join('|')),
      ...body.map(line),
    ].join('\n');
  });
const document = fc
  .array(fc.oneof(table, tableish, fc.constantFrom('Some prose: with a colon.', 'Plain prose.', '', '- item', '> quote')), { maxLength: 6 })
  .map((blocks) => blocks.join('\n'));

describe('trying GFM tables only where a delimiter row could follow', () => {
  it('marks the lines a header row could be on', () => {
    expect([...possibleHeaderLines('a\n|---|\nb\nc:d\r\ne\rf|')]).toEqual([0, 1, 0, 1, 0, 1, 0]);
  });

  it('gives the tree of unguarded GFM at the edges of what the guard decides', () => {
    const edges = [
      'a | b\n--|--',
      'a\n|-',
      'a\n:-',
      'a\n-',
      'a\n---',
      '| a |\n| - |\n| b |\nc',
      '| a |\n| - |\nb\n\nc | d',
      'a | b\r\n- | -',
      'a | b\r- | -',
      '> a | b\n> - | -',
      '- a | b\n  - | -',
      '    a | b\n    - | -',
      'a | b\n- | -\n> c',
      'a\nb | c\n- | -',
      'a: b\nc',
      '|\n|',
      '',
      '\n',
    ];
    for (const body of edges) {
      const [expected, actual] = bothWays(body);
      expect(actual, JSON.stringify(body)).toBe(expected);
    }
  });

  it('gives the tree of unguarded GFM on generated tables and near-tables', () => {
    fc.assert(
      fc.property(fc.oneof(tableish, document), (body) => {
        const [unguarded, chosen] = bothWays(body);
        expect(chosen).toBe(unguarded);
      }),
      settings(3000),
    );
  });

  it('gives the tree of unguarded GFM on random Markdown', () => {
    expectSameOnRandomMarkdown(bothWays, 40);
  });

  it('gives the tree of unguarded GFM on every body of the site and the benchmark corpus', () => {
    const bodies = siteAndCorpusBodies();
    // Otherwise the comparison below would never see a table.
    expect(bodies.filter((body) => full.parse(body).children.some((node) => node.type === 'table')).length).toBeGreaterThan(10);
    for (const body of bodies) {
      const [unguarded, chosen] = bothWays(body);
      expect(chosen).toBe(unguarded);
    }
  });
});
