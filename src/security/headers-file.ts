import { phrase } from '../diagnostics/catalogue/index.ts';
/**
 * The `_headers` file static hosts read (Netlify, Cloudflare Pages and others): blocks of a URL
 * pattern on its own line followed by indented `Name: value` lines. A pattern is a root-relative
 * path where `*` matches anything (slashes included) and `:name` matches one path segment. Every
 * matching block applies; a header named by two matching blocks gets both values joined by ", ",
 * which is why the rules the build writes never name one header twice for the same path, but for
 * the Content-Security-Policy of SVG files: two policies joined so are both enforced, which is
 * what an SVG's own policy means to do (see `svgRules`).
 */

/** One block: a URL pattern and the headers of responses whose path matches it. */
export interface HeaderRule {
  pattern: string;
  headers: Array<[name: string, value: string]>;
}

/** Writes rules in `_headers` syntax, with an optional comment on top. */
export function formatHeadersFile(rules: readonly HeaderRule[], comment?: string): string {
  const lines: string[] = comment ? comment.split('\n').map((line) => `# ${line}`.trimEnd()) : [];
  for (const rule of rules) {
    if (lines.length) lines.push('');
    lines.push(rule.pattern, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

/** Reads `_headers` text; throws with the line number on a header line outside a block or without a colon. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      rules.push({ pattern: line, headers: [] });
      return;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon <= 0) throw new Error(phrase('headers-file-line', { line: index + 1, found: JSON.stringify(raw) }));
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  });
  return rules;
}

/** The headers for a request path: every matching rule's, in file order; a repeated name's values joined by ", ". Names are lower-case. */
export function headersForPath(rules: readonly HeaderRule[], pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (!patternToRegExp(rule.pattern).test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const previous = headers.get(key);
      headers.set(key, previous === undefined ? value : `${previous}, ${value}`);
    }
  }
  return headers;
}

const compiled = new Map<string, RegExp>();

function patternToRegExp(pattern: string): RegExp {
  let regexp = compiled.get(pattern);
  if (!regexp) {
    const source = pattern
      .split(/(\*|:[A-Za-z]\w*)/)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    regexp = new RegExp(`^${source}$`);
    compiled.set(pattern, regexp);
  }
  return regexp;
}
