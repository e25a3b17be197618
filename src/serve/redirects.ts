import { phrase } from '../diagnostics/catalogue/index.ts';
/**
 * The `_redirects` file of Netlify and Cloudflare Pages, as `site preview` applies it: one rule a
 * line, `from to [status]`, `#` comments. `from` is a root-relative path where a trailing `*`
 * matches the rest (given to `to` as `:splat`) and `:name` one segment (given to `to` as
 * `:name`); `to` is a path or an absolute URL; the status is 301 (the default), 302, 303, 307,
 * 308, 200 (a rewrite: the target's file answers at the old address) or 404; `!` after it forces
 * the rule even where a file exists (otherwise a file at the path shadows it, as on Netlify).
 * The first matching rule wins.
 */

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
  /** 1-based, for messages. */
  line: number;
}

const STATUSES = new Set([200, 301, 302, 303, 307, 308, 404, 410]);

/** Reads `_redirects` text; throws naming the line on a rule it cannot read. */
export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/\s#.*$/, '').trim();
    if (!line || line.startsWith('#')) return;
    const [from, to, code, ...rest] = line.split(/\s+/);
    const status = code === undefined ? 301 : Number(code.replace(/!$/, ''));
    if (!from!.startsWith('/') || to === undefined || rest.length || !STATUSES.has(status)) {
      throw new Error(
        phrase('redirects-file-line', { line: index + 1, statuses: [...STATUSES].join(', '), found: JSON.stringify(raw.trim()) }),
      );
    }
    rules.push({ from: from!, to, status, force: code?.endsWith('!') ?? false, line: index + 1 });
  });
  return rules;
}

/** Where a rule sends a request path: the first rule that matches it, with its placeholders filled in. */
export function matchRedirect(
  rules: readonly RedirectRule[],
  pathname: string,
  fileExists: boolean,
): { to: string; status: number } | undefined {
  for (const rule of rules) {
    if (fileExists && !rule.force) continue;
    const values = matchPattern(rule.from, pathname);
    if (!values) continue;
    const to = rule.to.replace(/:([A-Za-z]\w*)/g, (whole, name: string) => values[name] ?? whole);
    return { to, status: rule.status };
  }
  return undefined;
}

/** The placeholders of a pattern that matches the path (`splat` for `*`), or undefined when it does not. */
function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = pattern
    .replace(/\/+$/, '')
    .split(/(\*$|:[A-Za-z]\w*)/)
    .map((part) => {
      if (part === '*') return (names.push('splat'), '(.*)');
      if (part.startsWith(':')) return (names.push(part.slice(1)), '([^/]+)');
      return part.replace(/[.+?^${}()|[\]\\*]/g, '\\$&');
    })
    .join('');
  // A trailing slash is optional on both sides, as hosts treat `/old` and `/old/` alike.
  const match = new RegExp(`^${source}/?$`).exec(pathname);
  return match ? Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) : undefined;
}
