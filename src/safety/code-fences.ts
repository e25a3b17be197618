/**
 * Tells, line by line, whether a Markdown line is inside a fenced code block once it is read: its
 * opening fence is, its closing fence is not. The scans that run before parsing need to know:
 * code is never read for inline syntax. A fence opens with three or more backticks or tildes (a backtick fence
 * whose info string holds a backtick is no fence) and closes with a run of the same character at
 * least as long, alone on its line.
 */
export class CodeFences {
  private open: { char: string; length: number } | undefined;

  /** Whether a fence is open after `line`; call it once per line, in order. */
  isCode(line: string): boolean {
    const mark = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (this.open) {
      if (mark?.[0] === this.open.char && mark.length >= this.open.length && line.slice(mark.length).trim() === '') this.open = undefined;
      return this.open !== undefined;
    }
    if (mark && !(mark[0] === '`' && line.slice(mark.length).includes('`'))) {
      this.open = { char: mark[0]!, length: mark.length };
      return true;
    }
    return false;
  }
}
