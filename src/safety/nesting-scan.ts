import { CodeFences } from './code-fences.ts';
import { MAX_NESTING } from './nesting.ts';

/**
 * Finds Markdown nested deeper than `MAX_NESTING` before any parser sees it. The Markdown parser
 * takes time quadratic in the depth of its containers (`'- '` ten thousand times took seconds),
 * so the limit must be enforced on the text, in one pass, at the line where it is passed.
 *
 * The count never undercounts what makes the parser nest, and is generous, not exact: on each line,
 * every `>` and every list marker at its start opens or continues a container, and two columns
 * of indentation can continue at most one list item (a marker and its space are two columns at
 * the least). Raw HTML adds the elements left open by the tags before it, tags written on one line
 * each (a tag split over lines is left to the check after parsing). Lines of a fenced code block
 * count their markers but not their indentation, which is code. An HTML element closed by a tag
 * further down, a lazy line, and an indented line that is code all make the count larger, never
 * smaller: a person never writes anything near the limit.
 *
 * Returns the 1-based line on which the depth first exceeds the limit, or undefined.
 */
export function tooDeepLine(markdown: string): number | undefined {
  const html = new OpenElements();
  const fences = new CodeFences();
  let lineNumber = 0;
  for (const line of markdown.split('\n')) {
    lineNumber++;
    const fenced = fences.isCode(line);
    const containers = containerDepth(line, !fenced);
    if (containers > MAX_NESTING) return lineNumber;
    if (!fenced && line.includes('<') && html.readLine(withoutCodeSpans(line), MAX_NESTING - containers)) return lineNumber;
  }
  return undefined;
}

/** Block quote markers, list markers and indentation at the start of a line, as containers they may open or continue. */
function containerDepth(line: string, countIndentation: boolean): number {
  let columns = 0;
  let containers = 0;
  let at = 0;
  while (at < line.length) {
    const char = line[at]!;
    if (char === ' ' || char === '\t') {
      if (countIndentation) columns += char === '\t' ? 4 - (columns % 4) : 1;
      at++;
    } else if (char === '>') {
      containers++;
      at++;
      // The space after `>` belongs to the marker.
      if (line[at] === ' ') at++;
    } else {
      const marker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/.exec(line.slice(at, at + 11))?.[0];
      if (!marker) break;
      containers++;
      at += marker.length;
      // Spaces after a list marker are its own content offset: they continue nothing opened before.
      while (line[at] === ' ' || line[at] === '\t') at++;
    }
  }
  return containers + Math.floor(columns / 2);
}

/** Elements with no end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'keygen',
  'frame',
  'basefont',
  'bgsound',
]);
/** Elements a start tag of the same name closes when it is the current one (`<p>a<p>b`, `<li>a<li>b`). */
const SELF_CLOSED_BY_SIBLING = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'rb', 'rt', 'rp', 'rtc']);
/** Elements an end tag does not close past (HTML's scope boundaries): `</div>` inside a table is ignored. */
const SCOPE = new Set(['table', 'td', 'th', 'caption', 'template', 'html', 'applet', 'marquee', 'object']);

/** The raw HTML elements still open, as far as the tags seen so far tell. */
class OpenElements {
  private readonly stack: string[] = [];

  /** Reads a line's tags; true when the elements open at some point exceed `room`. */
  readLine(line: string, room: number): boolean {
    const tag = /<(\/?)([A-Za-z][A-Za-z0-9-]*)([^<>]*)>/g;
    for (let match = tag.exec(line); match; match = tag.exec(line)) {
      const name = match[2]!.toLowerCase();
      if (match[1]) this.close(name);
      else if (!VOID.has(name) && !(match[3]!.endsWith('/') && this.inForeignContent())) {
        if (SELF_CLOSED_BY_SIBLING.has(name) && this.stack.at(-1) === name) this.stack.pop();
        this.stack.push(name);
        if (this.stack.length > room) return true;
      }
    }
    return false;
  }

  /** Pops to the element the end tag names, unless a scope boundary is in the way. The stack never exceeds the limit, so this is bounded. */
  private close(name: string): void {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      if (this.stack[i] === name) {
        this.stack.length = i;
        return;
      }
      if (SCOPE.has(this.stack[i]!)) return;
    }
  }

  private inForeignContent(): boolean {
    return this.stack.includes('svg') || this.stack.includes('math');
  }
}

/** The line with its code spans blanked: `<div>` written as code is no element. Backtick runs are paired in one pass. */
function withoutCodeSpans(line: string): string {
  if (!line.includes('`')) return line;
  const runs: Array<{ start: number; end: number }> = [];
  for (const match of line.matchAll(/`+/g)) runs.push({ start: match.index, end: match.index + match[0].length });
  // For each run, the next run of the same length: where a code span opened by it closes.
  const next = new Array<number>(runs.length).fill(-1);
  const seen = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    const length = runs[i]!.end - runs[i]!.start;
    next[i] = seen.get(length) ?? -1;
    seen.set(length, i);
  }
  let out = '';
  let copied = 0;
  for (let i = 0; i < runs.length; i++) {
    const close = next[i]!;
    if (close === -1 || runs[i]!.start < copied) continue;
    out += line.slice(copied, runs[i]!.start);
    copied = runs[close]!.end;
    // Runs inside the span are skipped by the start check above.
  }
  return out + line.slice(copied);
}
