import { phrase } from '../diagnostics/catalogue/index.ts';
/**
 * The Content-Security-Policy every page is served with: strict by default (`default-src 'none'`,
 * same-origin scripts, styles, images, fonts and requests; no plugins, no `<base>`, no framing),
 * widened only by the sources a site declares and by hashes of the inline code the build found.
 */

/** Sources by directive name, such as `{ 'img-src': ['https://images.example'] }`. */
export type CspSources = Partial<Record<string, string[]>>;

/** The engine's own policy, before a site adds anything. */
export const BASE_CSP: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Sources that would let injected markup run code; a site may not add them to these directives. */
const FORBIDDEN: Readonly<Record<string, readonly string[]>> = {
  'script-src': ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', 'blob:', '*', 'http:', 'https:'],
  'script-src-elem': ["'unsafe-inline'", "'unsafe-eval'", 'data:', 'blob:', '*', 'http:', 'https:'],
  'script-src-attr': ["'unsafe-inline'", "'unsafe-hashes'"],
  'object-src': ['*', 'http:', 'https:', 'data:', 'blob:'],
  'base-uri': ['*', 'http:', 'https:', 'data:'],
  'default-src': ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:', 'data:', 'blob:'],
};

/** Hashes of the inline code the pages really contain, as CSP sources (`'sha256-…'`). */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

/** A site's additions that would weaken the policy or break its syntax. */
export class CspConfigError extends Error {
  override name = 'CspConfigError';
}

/**
 * The policy for one build: the base, plus the site's sources, plus the inline hashes. Throws a
 * `CspConfigError` naming the directive and source when the site's additions are malformed or
 * would allow inline or foreign script.
 */
export function buildCsp(additions: CspSources = {}, hashes: InlineHashes = { scripts: [], styles: [] }): Map<string, string[]> {
  const policy = new Map<string, string[]>(Object.entries(BASE_CSP).map(([name, sources]) => [name, [...sources]]));
  for (const [name, sources] of Object.entries(additions)) {
    checkAddition(name, sources ?? []);
    add(policy, name, sources ?? []);
  }
  // Hashes beside 'unsafe-inline' make browsers ignore 'unsafe-inline', so a site that chose it for styles keeps it alone.
  if (hashes.scripts.length) add(policy, 'script-src', hashes.scripts);
  if (hashes.styles.length && !policy.get('style-src')?.includes("'unsafe-inline'")) add(policy, 'style-src', hashes.styles);
  return policy;
}

/** The header value: directives in a stable order (the base's first), sources as given. */
export function serializeCsp(policy: ReadonlyMap<string, readonly string[]>): string {
  return [...policy].map(([name, sources]) => (sources.length ? `${name} ${sources.join(' ')}` : name)).join('; ');
}

/** True when the policy lets style attributes through (the site added `'unsafe-inline'` to style-src). */
export function allowsInlineStyle(policy: ReadonlyMap<string, readonly string[]>): boolean {
  return (policy.get('style-src') ?? policy.get('default-src') ?? []).includes("'unsafe-inline'");
}

function add(policy: Map<string, string[]>, name: string, sources: readonly string[]): void {
  const current = policy.get(name) ?? [];
  // 'none' only means something alone: a directive that gains sources loses it.
  const merged = [...current.filter((s) => s !== "'none'"), ...sources.filter((s) => !current.includes(s))];
  policy.set(name, merged.length ? [...new Set(merged)] : ["'none'"]);
}

function checkAddition(name: string, sources: readonly string[]): void {
  const where = `security.csp["${name}"]`;
  if (!/^[a-z][a-z-]*$/.test(name)) throw new CspConfigError(phrase('csp-directive-name', { where, name: JSON.stringify(name) }));
  for (const source of sources) {
    if (typeof source !== 'string' || !/^[^\s;,]+$/.test(source)) {
      throw new CspConfigError(phrase('csp-source', { where, source: JSON.stringify(source) }));
    }
    if (FORBIDDEN[name]?.includes(source.toLowerCase())) {
      throw new CspConfigError(phrase('csp-source-runs-script', { where, source }));
    }
  }
}
