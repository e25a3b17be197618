/**
 * GFM pipe tables for the prose reader (`prose-markdown.ts`), as remark-gfm reads them and
 * rehype-stringify writes them, in the plainest form only: a header row, a delimiter row and
 * body rows, each a line that starts and ends with `|`, every row with as many cells as the
 * header, the table after a blank line (or a heading, or at the start) and followed by one (or
 * the end). Anything else is left to the full processor: a table interrupting a paragraph,
 * rows without their outer pipes, ragged rows (padded or cut, by rules of their own), escaped
 * pipes, a line right after the table (a lazy row or the start of another block).
 *
 * The delimiter row is the line that makes a table, as `gfm-table-guard.ts` notes for the full
 * processor; here it must also hold only dashes, at most one space either side of each cell, and
 * colons for alignment.
 */

/** A cell's alignment: `:--` left, `--:` right, `:-:` center, `---` none. */
export type Align = 'left' | 'right' | 'center' | undefined;

/** A table's cells (Markdown, trimmed), header first, with each column's alignment. */
export interface Table {
  align: Align[];
  header: string[];
  rows: string[][];
}

/**
 * A line that could be a row: outer pipes, and no escape (an escaped pipe is a cell's text, not a
 * border) nor tab or other control character (whitespace of micromark's own).
 */
const ROW = /^\|[^\\\0-\x1f\x7f]*\|$/;
/** The spaces around a cell's text (only spaces: `String.trim` would also take a no-break space, which stays). */
const PADDING = /^ +| +$/g;
const DELIMITER_CELL = /^ ?(:?)-+(:?) ?$/;

/**
 * The table whose header row is `lines[at]`, with the index of the blank line (or the end) after
 * it, or undefined when the lines there are not a table of the subset.
 */
export function readTable(lines: string[], at: number): { table: Table; end: number } | undefined {
  const header = cells(lines[at]!);
  const delimiter = lines[at + 1] === undefined ? undefined : cells(lines[at + 1]!, false);
  if (!header || !delimiter || delimiter.length !== header.length) return undefined;
  const align: Align[] = [];
  for (const cell of delimiter) {
    const marks = DELIMITER_CELL.exec(cell);
    if (!marks) return undefined;
    align.push(marks[1] ? (marks[2] ? 'center' : 'left') : marks[2] ? 'right' : undefined);
  }
  const rows: string[][] = [];
  let end = at + 2;
  for (; end < lines.length && lines[end] !== ''; end++) {
    const row = cells(lines[end]!);
    if (!row || row.length !== header.length) return undefined;
    rows.push(row);
  }
  return { table: { align, header, rows }, end };
}

/** A row's cells, trimmed unless told, or undefined for a line that is not a row of the subset. */
function cells(line: string, trim = true): string[] | undefined {
  if (line.length < 2 || !ROW.test(line)) return undefined;
  const split = line.slice(1, -1).split('|');
  return trim ? split.map((cell) => cell.replace(PADDING, '')) : split;
}

/**
 * The table's HTML as rehype-stringify writes it, each tag on a line of its own; `inline` gives a
 * cell's HTML, or undefined (then so does this).
 */
export function tableHtml(table: Table, inline: (cell: string) => string | undefined): string | undefined {
  const row = (tag: 'th' | 'td', cells: string[]): string | undefined => {
    const html: string[] = [];
    for (const [column, cell] of cells.entries()) {
      const content = inline(cell);
      if (content === undefined) return undefined;
      const align = table.align[column];
      html.push(`<${tag}${align ? ` align="${align}"` : ''}>${content}</${tag}>`);
    }
    return `<tr>\n${html.join('\n')}\n</tr>`;
  };
  const head = row('th', table.header);
  if (head === undefined) return undefined;
  const body: string[] = [];
  for (const cells of table.rows) {
    const html = row('td', cells);
    if (html === undefined) return undefined;
    body.push(html);
  }
  const tbody = body.length ? `\n<tbody>\n${body.join('\n')}\n</tbody>` : '';
  return `<table>\n<thead>\n${head}\n</thead>${tbody}\n</table>`;
}
