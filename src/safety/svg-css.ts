/** A URL that CSS loads, at its index in the CSS text. */
export interface CssReference {
  url: string;
  index: number;
}

/** Functions whose quoted strings are URLs to load, as `url()`'s argument is (CSS Images 4, CSS Values 4). */
const URL_FUNCTIONS = new Set(['src', 'image', 'image-set', '-webkit-image-set', 'cross-fade', '-webkit-cross-fade']);

/**
 * Every URL a piece of CSS (a `style` attribute, a presentation attribute such as `fill`, or a
 * `<style>` element) may load: `url(…)` quoted or not, the strings of `src()`, `image-set()` and
 * their kin, and the string of an `@import`. Read as a browser tokenizes CSS, in one pass:
 * escapes are decoded in names and strings (`\75 rl(` and `u\rl(` are `url(`), comments are
 * skipped (`@import/**\/"…"`), and an escaped parenthesis or quote opens nothing. The URL of an
 * `@namespace` names a namespace and loads nothing.
 */
export function cssReferences(css: string): CssReference[] {
  const references: CssReference[] = [];
  /** For each open parenthesis, whether its strings are URLs. */
  const open: boolean[] = [];
  /** The next string is a URL (after `@import`), or no `url()` is (after `@namespace`), until the statement ends. */
  let statement: 'import' | 'namespace' | undefined;
  let at = 0;
  while (at < css.length) {
    const char = css[at]!;
    if (css.startsWith('/*', at)) {
      const end = css.indexOf('*/', at + 2);
      at = end === -1 ? css.length : end + 2;
    } else if (char === '"' || char === "'") {
      const string = readString(css, at);
      if (statement === 'import' || open.at(-1)) references.push({ url: string.value, index: at });
      if (statement === 'import') statement = undefined;
      at = string.end;
    } else if (char === '@') {
      const name = readName(css, at + 1);
      const keyword = name.value.toLowerCase();
      statement = keyword === 'import' ? 'import' : keyword === 'namespace' ? 'namespace' : undefined;
      at = Math.max(name.end, at + 1);
    } else if (startsName(css, at)) {
      const name = readName(css, at);
      at = name.end;
      if (css[at] !== '(') continue;
      const fn = name.value.toLowerCase();
      if (fn === 'url') {
        const url = readUrlArgument(css, at + 1);
        if (statement !== 'namespace') references.push({ url: url.value, index: name.start });
        if (statement === 'import') statement = undefined;
        at = url.end;
      } else {
        open.push(URL_FUNCTIONS.has(fn));
        at++;
      }
    } else {
      if (char === '(') open.push(false);
      else if (char === ')') open.pop();
      else if (char === ';' || char === '{' || char === '}') statement = undefined;
      at++;
    }
  }
  return references;
}

/** Whether a name (an identifier, or a function's) starts here: a letter, `_`, `-`, a non-ASCII character, or an escape. */
function startsName(css: string, at: number): boolean {
  return /[A-Za-z_\-\u0080-\uffff]/.test(css[at]!) || isEscape(css, at);
}

function isEscape(css: string, at: number): boolean {
  return css[at] === '\\' && at + 1 < css.length && !/[\n\r\f]/.test(css[at + 1]!);
}

/** An escape's character and where it ends: up to six hex digits and one whitespace, or the character itself. */
function readEscape(css: string, at: number): { value: string; end: number } {
  const hex = /^[0-9a-fA-F]{1,6}/.exec(css.slice(at + 1, at + 7))?.[0];
  if (!hex) return { value: css[at + 1]!, end: at + 2 };
  const code = Number.parseInt(hex, 16);
  let end = at + 1 + hex.length;
  if (css.startsWith('\r\n', end)) end += 2;
  else if (/[ \t\n\r\f]/.test(css[end] ?? '')) end++;
  return { value: code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code), end };
}

function readName(css: string, start: number): { value: string; start: number; end: number } {
  let value = '';
  let at = start;
  while (at < css.length) {
    if (isEscape(css, at)) {
      const escaped = readEscape(css, at);
      value += escaped.value;
      at = escaped.end;
    } else if (/[\w\-\u0080-\uffff]/.test(css[at]!)) value += css[at++];
    else break;
  }
  return { value, start, end: at };
}

/** A quoted string from its quote: its value with escapes decoded (an escaped newline continues it), and where it ends. */
function readString(css: string, start: number): { value: string; end: number } {
  const quote = css[start];
  let value = '';
  let at = start + 1;
  while (at < css.length && css[at] !== quote && !/[\n\r\f]/.test(css[at]!)) {
    if (css[at] === '\\') {
      if (at + 1 < css.length && /[\n\r\f]/.test(css[at + 1]!)) at += css.startsWith('\r\n', at + 1) ? 3 : 2;
      else if (at + 1 < css.length) {
        const escaped = readEscape(css, at);
        value += escaped.value;
        at = escaped.end;
      } else at++;
    } else value += css[at++];
  }
  return { value, end: at + 1 };
}

/** `url(`'s argument from just after the parenthesis: a quoted string or the raw URL, escapes decoded, up to its `)`. */
function readUrlArgument(css: string, start: number): { value: string; end: number } {
  let at = start;
  while (/[ \t\n\r\f]/.test(css[at] ?? '')) at++;
  if (css[at] === '"' || css[at] === "'") {
    const string = readString(css, at);
    const close = css.indexOf(')', string.end);
    return { value: string.value, end: close === -1 ? css.length : close + 1 };
  }
  let value = '';
  while (at < css.length && css[at] !== ')') {
    if (isEscape(css, at)) {
      const escaped = readEscape(css, at);
      value += escaped.value;
      at = escaped.end;
    } else value += css[at++];
  }
  return { value: value.trim(), end: at + 1 };
}
