import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import fg from 'fast-glob';
import matter from 'gray-matter';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { caseStudy, cheatSheet, longCaseStudy } from '../../scripts/bench/peers-sites.ts';
import { createProcessor } from '../../src/render/markdown.ts';
import { proseMarkdownHtml } from '../../src/runner/fast-paths/prose-markdown.ts';
import { markdownBody } from './arbitraries.ts';
import { settings } from './workspace.ts';

/**
 * The prose reader (`prose-markdown.ts`) against the full processor it stands in for:
 * wherever it gives HTML, that HTML must be the full processor's, byte for byte. Each property
 * also counts the bodies it read itself, so a reader that gives up on everything cannot pass.
 */
const processor = createProcessor();
const FOLDER = '/posts/hello/';

function full(markdown: string, folder?: string): string {
  return String(processor.processSync(new VFile({ value: markdown, data: { context: folder ? { folder } : undefined } })));
}

/** A file's body without its front matter (a test's fixture may hold front matter that does not parse). */
function bodyOf(text: string): string {
  try {
    return matter(text).content;
  } catch {
    return text;
  }
}

/** Checks one body both ways; true when the prose reader read it. */
function agrees(markdown: string, folder?: string): boolean {
  const prose = proseMarkdownHtml(markdown, folder);
  if (prose !== undefined) expect(prose, JSON.stringify(markdown)).toBe(full(markdown, folder));
  return prose !== undefined;
}

const word = fc.constantFrom('the', 'team', 'Moved', 'data', '2024', 'é', 'naïve', 'it’s', 'a-b', 'x/y', 'R2', 'end');
const punctuated = fc.constantFrom('“quoted”', 'C#', '50%', '(aside)', 'end.', 'so,', 'why?', '"said"', "it's");
const inlinePiece = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 2, arbitrary: punctuated },
  { weight: 1, arbitrary: word.map((w) => `*${w}*`) },
  { weight: 1, arbitrary: word.map((w) => `**${w}**`) },
  { weight: 1, arbitrary: fc.constantFrom('**Note:**', '*said.*', '**94%**', '**$610,000**', '(*aside*)', 'Q & A') },
  { weight: 1, arbitrary: fc.constantFrom('`code`', '`a<b & c`', '`x_y*z`', '`[a](b)`') },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        word,
        fc.constantFrom(
          '/about/',
          './next',
          '../up',
          'page#part',
          'https://example.com/a?b=c',
          'http://x.org',
          '#top',
          '//cdn.example/x',
          'HTTPS://X.ORG/A',
          'javascript:alert(1)',
        ),
      )
      .map(([text, url]) => `[${text}](${url})`),
  },
);
/** Bare web addresses (GFM's autolink literals), with punctuation after them that ends them or not. */
const plainAddress = fc.constantFrom(
  'https://example.com',
  'http://x.org/a/b',
  'https://tools.example/tool-3/manual',
  'www.x.com',
  'www.example.com/a?b=c#d',
  'http://localhost:3000',
  'http://127.0.0.1:8080/x',
  'https://a-b.example/x+y=z',
  'https://x.org/a)b',
  'https://x.org/a.b,c',
  'http://x',
);
const trailing = fc.constantFrom('', '', '', '.', ',', ')', '?', '!', ':', '...', '),', '.)', '?!');
/** Addresses, and punctuation after them, that have rules of their own (parentheses, underscores, emphasis, encoding, e-mail). */
const awkwardAddress = fc.oneof(
  fc.constantFrom(
    'https://x.org/(a)',
    'https://x_y.org',
    'https://a.b_c/x',
    'https://x.org/a_b',
    'https://x.org/~me',
    'https://x.org/a%20b',
    'https://x.org/é',
    'HTTPS://X.ORG',
    'Www.x.com',
    'www.',
    'https://',
    'https://-x.org',
    'user@example.com',
    'mailto:user@example.com',
  ),
  fc
    .tuple(plainAddress, fc.constantFrom('*', '_', ';', "'", '"', '~', ']', '&amp;', '*.', '_)'))
    .map(([address, after]) => address + after),
);
const webAddress = fc.tuple(plainAddress, trailing).map(([address, after]) => address + after);
const inlineWithAddresses = fc.oneof({ weight: 5, arbitrary: inlinePiece }, { weight: 1, arbitrary: webAddress });
const inlineLine = fc.array(inlineWithAddresses, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(' '));
/** What a quote's line starts with: mostly `> `, sometimes nothing (a lazy line). */
const quoteMarker = fc.constantFrom('> ', '> ', '> ', '> ', '');
/** A GFM table: a header row, a delimiter row of any alignments, body rows of as many cells (some empty), padded or not. */
const tableCell = fc.oneof(
  { weight: 4, arbitrary: fc.array(inlineWithAddresses, { minLength: 1, maxLength: 3 }).map((pieces) => pieces.join(' ')) },
  { weight: 1, arbitrary: fc.constant('') },
);
const padding = fc.constantFrom(' ', ' ', ' ', '', '  ');
const delimiterCell = fc
  .tuple(fc.constantFrom('', ':'), fc.constantFrom('-', '---', '-----'), fc.constantFrom('', ':'), fc.constantFrom('', ' '))
  .map(([left, dashes, right, space]) => `${space}${left}${dashes}${right}${space}`);
const tableRow = (cells: string[], pad: string[]) =>
  `|${cells.map((cell, i) => `${pad[i % pad.length]}${cell}${pad[(i + 1) % pad.length]}`).join('|')}|`;
const table = fc
  .integer({ min: 1, max: 4 })
  .chain((columns) =>
    fc
      .tuple(
        fc.array(tableCell, { minLength: columns, maxLength: columns }),
        fc.array(delimiterCell, { minLength: columns, maxLength: columns }),
        fc.array(fc.array(tableCell, { minLength: columns, maxLength: columns }), { maxLength: 4 }),
        fc.array(padding, { minLength: 1, maxLength: 3 }),
      )
      .map(([header, delimiter, rows, pad]) =>
        [tableRow(header, pad), `|${delimiter.join('|')}|`, ...rows.map((row) => tableRow(row, pad))].join('\n'),
      ),
  );
const block = fc.oneof(
  { weight: 1, arbitrary: table },
  { weight: 3, arbitrary: fc.array(inlineLine, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n')) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: 6 }), inlineLine).map(([depth, text]) => `${'#'.repeat(depth)} ${text}`) },
  {
    weight: 1,
    arbitrary: fc.array(inlineLine, { minLength: 1, maxLength: 4 }).map((lines) => lines.map((line) => `- ${line}`).join('\n')),
  },
  {
    weight: 1,
    // A quote: each line after `> `, or later lines without it (lazily), or after `>` alone.
    arbitrary: fc
      .array(fc.tuple(quoteMarker, inlineLine), { minLength: 1, maxLength: 3 })
      .map((lines) => lines.map(([marker, line], index) => (index === 0 && marker === '' ? '> ' : marker) + line).join('\n')),
  },
);
/** Bodies of the subset: blocks apart by one or more blank lines, or by none (a heading may follow a paragraph at once). */
const proseBody = fc
  .array(fc.tuple(block, fc.constantFrom('\n\n', '\n\n', '\n\n', '\n\n\n', '\n')), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.map(([text, gap]) => text + gap).join(''));

/** Everything that may change a body's meaning, to put anywhere in one. */
const disturbance = fc.constantFrom(
  ...[
    '*',
    '**',
    '***',
    '_',
    '`',
    '``',
    '[',
    ']',
    '![',
    '(',
    ')',
    '\\',
    '&amp;',
    '&',
    '<b>',
    '<',
    '>',
    '|',
    '~',
    '~~',
    '@',
    'www.',
    'https://',
    ':',
  ],
  ...['\n', '\n\n', '\n- ', '\n* ', '\n+ ', '\n1. ', '\n> ', '\n# ', '\n#', '\n---', '\n===', '\n    ', '\n\t', ' ', '  \n', '\r\n', '\0'],
  ...[
    '[^1]',
    '[x]: /y',
    '- [ ] ',
    '\u00a0',
    '#',
    '1)',
    '"title"',
    '(/x)',
    '*“quoted”*',
    '*end.*',
    '*(aside)*',
    '` spaced `',
    '*a*b',
    '&',
    '& ',
    '&x',
    '\n2. ',
    '\n1) ',
    '\n>',
    '\n>> ',
    '>\n',
    ' https://x.org',
    ' www.x.com',
    ' http://localhost:3000',
    ' a@b.co',
    '.)',
    '*)',
    '_.',
    '1.5',
    '**',
    '*.',
  ],
);
/** Quote lines the reader leaves alone, and addresses with rules of their own, put anywhere too. */
const awkwardQuote = fc.constantFrom('\n>', '\n>> ', '\n> > ', '\n>  ', '\n> - ', '\n> # ', '\n>\n');
const insertion = fc.oneof(
  { weight: 4, arbitrary: disturbance },
  { weight: 1, arbitrary: awkwardQuote },
  { weight: 1, arbitrary: awkwardAddress.map((address) => ` ${address}`) },
);
/** `body` with each piece put at its place. */
const insert = (body: string, insertions: Array<[number, string]>) =>
  insertions.reduce((text, [at, piece]) => text.slice(0, at % (text.length + 1)) + piece + text.slice(at % (text.length + 1)), body);
const disturbed = fc
  .tuple(proseBody, fc.array(fc.tuple(fc.nat(), insertion), { minLength: 1, maxLength: 3 }))
  .map(([body, insertions]) => insert(body, insertions));
/** What a table's rows may hold or lack that the reader must leave, or read right: put into a table between two blocks. */
const tableDisturbance = fc.constantFrom(
  ...['\\|', '`a|b`', '`a', '| x |', '|', '||', ' | ', '-', ':', ':-', '-:', ' ', '  ', '\t', '\u00a0', '*', '**', '&', '<b>'],
  ...['\n', '\n\n', '\n|', '\n| x |', '\n|---|', '\n| :-: |', '\nlazy', '\n# h', '\n- i', '\n> q', '\n---', '\n===', '\n    '],
);
const disturbedTable = fc
  .tuple(block, table, block, fc.array(fc.tuple(fc.nat(), tableDisturbance), { minLength: 1, maxLength: 2 }))
  .map(([before, rows, after, insertions]) => {
    const body = `${before}\n\n${rows}\n\n${after}`;
    // Put only into the table, so that the table is what the insertion disturbs.
    const start = before.length + 2;
    return body.slice(0, start) + insert(rows, insertions) + body.slice(start + rows.length);
  });

describe('prose Markdown, read without the full processor', () => {
  it('gives what the full processor gives, on bodies of the subset', () => {
    let read = 0;
    let quotes = 0;
    let addresses = 0;
    let tables = 0;
    const runs = settings(2000);
    fc.assert(
      fc.property(proseBody, fc.boolean(), (body, inFolder) => {
        if (!agrees(body, inFolder ? FOLDER : undefined)) return;
        read++;
        if (/^> /m.test(body)) quotes++;
        if (/(?:^|\s)(?:https?:\/\/|www\.)/.test(body)) addresses++;
        if (/^\|/m.test(body)) tables++;
      }),
      runs,
    );
    // Some generated bodies are outside the subset (a list followed at once by a paragraph, emphasis of "é", ...).
    expect(read, 'bodies read').toBeGreaterThan(runs.numRuns * 0.4);
    // Quotes and web addresses are read too, not all left to the full processor.
    expect(quotes, 'bodies with a quote read').toBeGreaterThan(runs.numRuns * 0.05);
    expect(addresses, 'bodies with a web address read').toBeGreaterThan(runs.numRuns * 0.05);
    expect(tables, 'bodies with a table read').toBeGreaterThan(runs.numRuns * 0.05);
  });

  it('gives what the full processor gives, or nothing, once anything is put anywhere in them', () => {
    let read = 0;
    const runs = settings(3000);
    fc.assert(
      fc.property(disturbed, (body) => {
        if (agrees(body, FOLDER)) read++;
      }),
      runs,
    );
    // Most disturbances take a body out of the subset; those that do not (a space, a colon, a parenthesis) must still agree.
    // (A body with a table has more lines for a disturbance to take out: about 2 % of bodies are read.)
    expect(read, 'bodies read').toBeGreaterThan(runs.numRuns * 0.015);
  });

  it('gives what the full processor gives, or nothing, once anything is put into a table', () => {
    let read = 0;
    const runs = settings(2000);
    fc.assert(
      fc.property(disturbedTable, (body) => {
        if (agrees(body, FOLDER) && /^\|/m.test(body)) read++;
      }),
      runs,
    );
    // A space, a colon, a dash, a padded cell, a row of as many cells still make a table to read.
    expect(read, 'bodies with a table read').toBeGreaterThan(runs.numRuns * 0.03);
  });

  it('gives what the full processor gives, or nothing, on random Markdown of every kind', () => {
    fc.assert(
      fc.property(markdownBody, (body) => {
        agrees(body, FOLDER);
      }),
      settings(1000),
    );
  });

  it('gives what the full processor gives on every Markdown file of the repository, and reads the benchmark pages', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = fg.sync(['content/**/*.md', 'docs/**/*.md', 'templates/**/*.md', 'src/init/starters/**/*.md', 'tests/**/*.md', '*.md'], {
      cwd: root,
      ignore: ['**/node_modules/**'],
    });
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      agrees(bodyOf(text), FOLDER);
      agrees(text, FOLDER);
    }
    for (const i of [1, 7, 500]) expect(agrees(bodyOf(caseStudy(i, 1000)), '/case-studies/')).toBe(true);
    // The long case study holds a table.
    for (const i of [1, 7, 500]) expect(agrees(bodyOf(longCaseStudy(i, 1000)), '/case-studies/'), `long case study ${i}`).toBe(true);
    // Every third cheat sheet has a web address in its quote.
    for (const i of [1, 3, 7, 501]) expect(agrees(cheatSheet(i), '/sheets/'), `cheat sheet ${i}`).toBe(true);
  });

  it('leaves to the full processor what it cannot read without doubt', () => {
    const left = [
      'a *b*c', // a closer between letters
      '“*quoted*”', // an opener after punctuation
      '*a **b** c*', // nested
      'snake_case', // underscores
      'see WWW.example.com', // a web address in capitals
      'see (https://x.org/a)', // a web address after a parenthesis
      'see https://x.org/(a)', // parentheses in a web address
      'see https://x.org/a_', // an underscore after a web address
      'see https://x.org/é', // a web address the URL is encoded from
      'mail a@b.co', // an e-mail address
      '>quoted', // a quote without a space
      '> > nested', // a nested quote
      '- item\n> quote', // a quote right after a list item
      '- a\n\n- b', // a loose list
      '- a\nlazy', // a lazy continuation
      '-  a', // an item's text after two spaces
      'para\n- item', // a list interrupting a paragraph
      'Title\n---', // a setext heading
      '# closed #', // a closing sequence
      '![alt](/x.png)', // an image
      '[ref]\n\n[ref]: /x', // a reference
      'a\\*b', // an escape
      '`` a ` b ``', // a longer code fence
      '[x](javascript:alert(1))', // a script URL (the sanitizer's to drop)
      '[x](/a "title")', // a link title
      'para\n| a |\n|---|', // a table interrupting a paragraph
      'a | b\n--|--', // a table without outer pipes
      '| a | b |\n|---|---|\n| x |', // a ragged row
      '| a |\n|---|\n| b |\nlazy', // a lazy row
      '| a \\| b |\n|---|', // an escaped pipe
      '| a |\n|:--|--:|', // a delimiter row of more cells than the header
      '| a |\n|  --- |', // a delimiter cell after two spaces
    ];
    for (const body of left) expect(proseMarkdownHtml(body), body).toBeUndefined();
  });
});
