import type { Code, Construct, Effects, Event, State, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';

/**
 * Remark plugin, used after remark-gfm: GFM tables are tried at the start of every block, so
 * micromark reads each paragraph's first line as a possible header row, word by word, and
 * throws that work away at the next line: about a tenth of a typical page's parse. A table's
 * delimiter row, the line right after its header row, always holds a `|` or a `:` (`---` alone
 * is a setext underline), so a new table is tried only at lines whose next line holds one. Rows
 * that continue a table are tried as before. The tree is the same; `tests/property/gfm-table-guard.test.ts`
 * holds the guarded parser to the unguarded one. Saves 0.26 to 0.39 ms a body, 11 to 27% of its
 * parse: about 0.4 s of a 1,000-page build (`scripts/bench/fast-paths.ts`).
 */
export function remarkGuardTables(this: Processor) {
  const data = this.data() as { micromarkExtensions?: Array<Record<string, unknown>> };
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map(guardTableConstruct);
  // The lines of the document being parsed, for the guard to look ahead: parsing is synchronous.
  const parse = this.parser!;
  this.parser = (document, file) => {
    const outer = headerLines;
    headerLines = possibleHeaderLines(String(document));
    try {
      return parse(document, file);
    } finally {
      headerLines = outer;
    }
  };
}

/** `lines[n]` is 1 when a table's header row could be line n (1-based) of the document being parsed. */
let headerLines: Uint8Array | undefined;

/** Lines followed by one holding a `|` or a `:`; micromark ends lines at `\r\n`, `\r` and `\n`. */
export function possibleHeaderLines(document: string): Uint8Array {
  const lines = document.split(/\r\n|\r|\n/);
  const possible = new Uint8Array(lines.length + 1);
  for (let next = 1; next < lines.length; next++) {
    const text = lines[next]!;
    if (text.includes('|') || text.includes(':')) possible[next] = 1;
  }
  return possible;
}

function guardTableConstruct(extension: Record<string, unknown>): Record<string, unknown> {
  const flow = extension.flow as Record<string, Construct | Construct[] | undefined> | undefined;
  const starts = flow?.null;
  if (!starts) return extension;
  const guard = (construct: Construct): Construct =>
    construct.name === 'table' ? { ...construct, tokenize: guarded(construct.tokenize) } : construct;
  return { ...extension, flow: { ...flow, null: Array.isArray(starts) ? starts.map(guard) : guard(starts) } };
}

function guarded(tokenize: Construct['tokenize']): Construct['tokenize'] {
  return function (this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    const lines = headerLines;
    if (!lines || lines[this.now().line] === 1 || continuesTable(this.events)) return tokenize.call(this, effects, ok, nok);
    return (code: Code) => nok(code);
  };
}

/** Whether the block before is a table, whose next rows need no delimiter (as the table's own start decides). */
function continuesTable(events: Event[]): boolean {
  let index = events.length - 1;
  while (index > -1 && (events[index]![1].type === 'lineEnding' || events[index]![1].type === 'linePrefix')) index--;
  const tail: string | null = index > -1 ? events[index]![1].type : null;
  return tail === 'tableHead' || tail === 'tableRow';
}
