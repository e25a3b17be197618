import { CodeFences } from './code-fences.ts';

/**
 * How many emphasis and link markers one run of inline text may hold. The Markdown parser
 * (micromark) pairs them by looking back from every closing marker over all the text before it
 * in the same paragraph, so its time grows with the square of a paragraph's markers: a paragraph
 * of `**a` repeated over 100 KB took 60 s of CPU, `[a](` repeated 73 s. Capped per paragraph,
 * the work is linear in the file: a paragraph at the cap costs about 50 ms. A run of `*` or `_`
 * weighs 2, a `[` or `]` weighs 1, so the cap allows 500 bold spans or 1,000 links in one
 * paragraph, far more than a person writes.
 */
export const MAX_INLINE_MARKERS = 2000;

/**
 * Finds a paragraph (or a heading, a list item, a table row) whose inline markers exceed
 * `MAX_INLINE_MARKERS`, in one pass over the text before any parser sees it. Returns the 1-based
 * line on which the count first exceeds the cap, or undefined.
 *
 * The count starts again only where the parser certainly starts new inline text: at a blank line,
 * at an ATX heading (which is its own), at a bullet or `1.` list item (which may interrupt a
 * paragraph; other numbers may not), at a link reference definition after a blank line or
 * another definition, and at each row of a table whose header starts a block. Anywhere else it
 * goes on counting, which can only make it larger than the parser's: fenced code is skipped,
 * but indented code and HTML blocks are counted as if they were prose.
 */
export function crowdedInlineLine(markdown: string): number | undefined {
  // Each marker character weighs 2 at most: a body with few of them cannot pass the cap anywhere.
  if (2 * markerCharacters(markdown) <= MAX_INLINE_MARKERS) return undefined;
  const fences = new CodeFences();
  let count = 0;
  /** What the line before was, for the starts that depend on it. */
  let before: LineKind = 'blank';
  let table = false;
  /** The innermost container the line before was in: a quote, or a list item and the column its content starts at. */
  let container: Container;
  /** The index of the current table's delimiter row, which may start with `-`. */
  let delimiterRow = -1;
  let lineNumber = 0;
  const lines = markdown.split('\n');
  for (const [index, line] of lines.entries()) {
    lineNumber++;
    if (fences.isCode(line)) {
      count = 0;
      before = 'blank';
      table = false;
      continue;
    }
    if (line.trim() === '') {
      count = 0;
      before = 'blank';
      table = false;
      container = undefined;
      continue;
    }
    const body = line.replace(/^(?:[ \t]{0,3}>[ \t]?)+/, '');
    const quoted = body !== line;
    if (table && index !== delimiterRow && (quoted || mayStartOtherBlock(line))) table = false;
    if (table) count = 0;
    else if (!quoted && before !== 'text' && isTableStart(line, lines[index + 1])) {
      table = true;
      delimiterRow = index + 1;
      count = 0;
    }
    let kind: LineKind = 'text';
    if (/^[ \t]{0,3}#{1,6}(?:[ \t]|$)/.test(body)) {
      count = 0;
      kind = 'heading';
    } else if (startsListItem(body, quoted ? undefined : container)) {
      count = 0;
      if (!quoted) container = listItemAt(line);
    } else if (!quoted && (before === 'blank' || before === 'heading' || before === 'definition') && isDefinition(line)) {
      count = 0;
      kind = 'definition';
    }
    if (quoted) container = 'quote';
    count += markersIn(body);
    if (count > MAX_INLINE_MARKERS) return lineNumber;
    // A heading's text is its own: the next line starts new text.
    if (kind === 'heading') count = 0;
    before = kind;
  }
  return undefined;
}

/** How many `*`, `_`, `[` and `]` a text holds. */
function markerCharacters(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 42 || code === 95 || code === 91 || code === 93) count++;
  }
  return count;
}

type LineKind = 'blank' | 'heading' | 'definition' | 'text';
type Container = 'quote' | { content: number } | undefined;

/**
 * Whether a line starts a list item, and so new inline text, whatever came before: a bullet or
 * an item numbered 1 (with text after it) may interrupt a paragraph. An item of another number
 * may not: only where the line leaves the container of the text before (a quote, or a list item
 * whose content starts further right) does it start a list.
 */
function startsListItem(line: string, container: Container): boolean {
  if (/^[ \t]{0,3}(?:[-+*]|1[.)])[ \t]+\S/.test(line)) return true;
  const ordered = /^( {0,3})\d{1,9}[.)][ \t]+\S/.exec(line);
  if (!ordered || container === undefined) return false;
  return container === 'quote' || ordered[1]!.length < container.content;
}

/**
 * The list item a line opens, with the column its content starts at: after one to four spaces,
 * else one (the rest is indented code). A tab is taken as one column: a smaller column only
 * makes fewer lines start items.
 */
function listItemAt(line: string): { content: number } {
  const [, marker = '', spaces = ' '] = /^( {0,3}(?:[-+*]|\d{1,9}[.)]))([ \t]+)/.exec(line) ?? [];
  return { content: marker.length + (spaces.length <= 4 ? spaces.length : 1) };
}

/** Markers on a line: runs of `*`, runs of `_` that can open or close (not between two letters or digits), and brackets. */
function markersIn(line: string): number {
  let markers = 0;
  for (let at = 0; at < line.length; at++) {
    const char = line[at]!;
    if (char === '[' || char === ']') markers += 1;
    else if (char === '*' || char === '_') {
      const start = at;
      while (line[at + 1] === char) at++;
      const intraword = char === '_' && isWordChar(line[start - 1]) && isWordChar(line[at + 1]);
      if (!intraword) markers += 2;
    }
  }
  return markers;
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * A link reference definition in its plainest form, `[label]: destination`, which is always one:
 * a label of at most 999 characters with no bracket or backslash, a destination with no space,
 * control character, parenthesis or angle bracket, and no title.
 */
function isDefinition(line: string): boolean {
  const match = /^ {0,3}\[([^[\]\\]{1,999})\]:[ \t]*[^\s()<>\p{Cc}]+[ \t]*$/u.exec(line);
  return match !== null && match[1]!.trim() !== '';
}

/** Whether `line` and `next` begin a GFM table: a header row and a delimiter row with as many cells (lines with code or escapes are left out). */
function isTableStart(line: string, next: string | undefined): boolean {
  if (next === undefined || !line.includes('|') || /[`\\]/.test(line) || mayStartOtherBlock(line)) return false;
  if (!/^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/.test(next) || !next.includes('|')) return false;
  return cellsOf(line) === cellsOf(next);
}

function cellsOf(row: string): number {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').length;
}

/**
 * A line on which another block may start, ending a table (or a line no table starts on):
 * anything indented as code, a heading, a list marker, raw HTML, a fence, a thematic break or a
 * quote. Generous: a table ended too soon only counts more.
 */
function mayStartOtherBlock(line: string): boolean {
  return /^(?:[ \t]{4}|[ \t]{0,3}(?:#|[-+*_]|\d{1,9}[.)]|<|`{3}|~{3}|>))/.test(line);
}
