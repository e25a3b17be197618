import type { OutputFile } from '../output/write.ts';
import { headersForPath, parseHeadersFile, type HeaderRule } from './headers-file.ts';

/**
 * The hosts a build can write header files for, besides the `_headers` every build writes (read
 * by Netlify and Cloudflare Pages). GitHub Pages and a plain S3 bucket read no header file: see
 * docs/deploy.md for what they lose.
 */
export const DEPLOY_HOSTS = ['netlify', 'cloudflare', 'vercel', 'nginx', 'caddy'] as const;
export type DeployHost = (typeof DEPLOY_HOSTS)[number];

/** Where to deploy, so the build writes what each host needs to send the headers of `_headers`. */
export interface DeployDefinition {
  /** Default `['netlify', 'cloudflare']`: `_headers` alone, which every build writes anyway. */
  hosts?: DeployHost[];
}

export const VERCEL_FILE = 'vercel.json';
export const NGINX_FILE = '_headers.nginx.conf';
export const CADDY_FILE = '_headers.Caddyfile';

/** Files no host should serve: the header files themselves (`_headers*` also covers the two below) and `_redirects`. */
const PRIVATE = ['_headers', '_redirects'];

/**
 * The header files the hosts of `deploy.hosts` read, each saying what `_headers` says in its own
 * syntax. Every file is published with the site (everything in the output is), which is harmless:
 * any visitor sees the same headers on every response. nginx and Caddy are told not to serve them.
 */
export function hostFiles(deploy: DeployDefinition | undefined, headers: OutputFile): OutputFile[] {
  const hosts = new Set(deploy?.hosts ?? []);
  const rules = parseHeadersFile(typeof headers.contents === 'string' ? headers.contents : Buffer.from(headers.contents).toString('utf8'));
  const files: OutputFile[] = [];
  if (hosts.has('vercel')) files.push({ path: VERCEL_FILE, contents: vercelConfig(rules) });
  if (hosts.has('nginx')) files.push({ path: NGINX_FILE, contents: nginxInclude(rules) });
  if (hosts.has('caddy')) files.push({ path: CADDY_FILE, contents: caddySnippet(rules) });
  return files;
}

/** `vercel.json`'s `headers`: every matching source applies, as in `_headers`; `*` becomes `(.*)`. */
function vercelConfig(rules: readonly HeaderRule[]): string {
  const headers = lastWins(rules).map((rule) => ({
    source: rule.pattern.replace(/[()+?:\\]/g, '\\$&').replace(/\*/g, '(.*)'),
    headers: rule.headers.map(([key, value]) => ({ key, value })),
  }));
  return `${JSON.stringify({ headers }, null, 2)}\n`;
}

/**
 * An nginx include for a `server` block whose `root` is the output. nginx gives a request one
 * location, and a location's `add_header` replaces the server's: so each location carries every
 * header `_headers` gives its paths, the security headers included, with `always` so that errors
 * get them too. `P/*` becomes `location ^~ P/`, an exact path `location = P`, `/*` `location /`.
 */
function nginxInclude(rules: readonly HeaderRule[]): string {
  const lines = [
    '# The response headers of this build (what _headers says), for nginx. Written by `site build`.',
    "# Inside the site's server block: root /srv/site/dist; include /srv/site/dist/_headers.nginx.conf;",
    'error_page 404 /404.html;',
    ...PRIVATE.map((name) => `location ^~ /${name} { return 404; }`),
  ];
  const locations = new Map<string, string>([['/*', 'location /']]);
  for (const { pattern } of rules) {
    if (!locations.has(pattern))
      locations.set(pattern, pattern.endsWith('/*') ? `location ^~ ${pattern.slice(0, -1)}` : `location = ${pattern}`);
  }
  for (const [pattern, location] of locations) {
    lines.push('', `${location} {`);
    for (const [name, value] of headersForPath(rules, representative(pattern)))
      lines.push(`  add_header ${canonicalName(name)} "${value.replace(/["\\]/g, '\\$&')}" always;`);
    lines.push('  try_files $uri $uri.html $uri/index.html =404;', '}');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A Caddyfile snippet for a site block serving the output. Every matching `header` applies, as in
 * `_headers`; Caddy's path matcher takes the same `*`.
 */
function caddySnippet(rules: readonly HeaderRule[]): string {
  const lines = [
    '# The response headers of this build (what _headers says), for Caddy. Written by `site build`.',
    '# Inside the site block: root * /srv/site/dist; import /srv/site/dist/_headers.Caddyfile; file_server',
    ...PRIVATE.map((name) => `respond /${name}* 404`),
  ];
  for (const rule of lastWins(rules)) {
    lines.push('', `header ${rule.pattern} {`);
    for (const [name, value] of rule.headers) lines.push(`\t${name} "${value.replace(/["\\]/g, '\\$&')}"`);
    lines.push('}');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The rules as a host must be given them when, of two matching rules that set one header, the
 * later one wins (Vercel, Caddy): each header a rule sets carries what `_headers` gives its paths,
 * every matching rule's value joined (an SVG's own policy after the site's, both enforced).
 */
function lastWins(rules: readonly HeaderRule[]): HeaderRule[] {
  return rules.map((rule) => {
    const joined = headersForPath(rules, representative(rule.pattern));
    return { ...rule, headers: rule.headers.map(([name, value]) => [name, joined.get(name.toLowerCase()) ?? value] as [string, string]) };
  });
}

/** A path a pattern stands for alone: itself, or under a folder pattern a name no exact rule has. */
function representative(pattern: string): string {
  return pattern.endsWith('*') ? `${pattern.slice(0, -1)}\u0000` : pattern;
}

/** `content-security-policy` → `Content-Security-Policy`: `headersForPath` lower-cases names. */
function canonicalName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}
