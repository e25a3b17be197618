import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../../src/security/headers-file.ts';

/**
 * The header files a build writes for the hosts its site names (`deploy.hosts`), each read here
 * the way its host reads it, must give every path of the build the headers `_headers` gives it.
 */
const BIN = path.resolve('bin/site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-host-files-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function site(name: string, deploy: string | undefined): string {
  const root = path.join(work, name);
  fs.cpSync('tests/fixtures/own-site', root, { recursive: true });
  const config = path.join(root, 'site.config.tsx');
  if (deploy)
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("notFound: '/404',", `notFound: '/404',\n  deploy: ${deploy},`));
  return root;
}
const build = (root: string) => spawnSync(BIN, ['build'], { cwd: root, encoding: 'utf8' });

/** Every request path the build answers (files, folders with and without a slash, pages without .html), and one it does not. */
function requestPaths(dist: string): string[] {
  const paths = new Set(['/no/such/page']);
  for (const file of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (!fs.statSync(path.join(dist, file)).isFile()) continue;
    const url = `/${file.split(path.sep).join('/')}`;
    paths.add(url);
    if (url.endsWith('/index.html')) paths.add(url.slice(0, -'index.html'.length)).add(url.slice(0, -'/index.html'.length) || '/');
    else if (url.endsWith('.html')) paths.add(url.slice(0, -'.html'.length));
  }
  return [...paths];
}

const sorted = (headers: Map<string, string>) =>
  [...headers].map(([name, value]) => [name.toLowerCase(), value]).sort(([a], [b]) => (a! < b! ? -1 : 1));

describe('the header files of deploy.hosts', () => {
  let dist: string;
  let rules: HeaderRule[];
  let paths: string[];

  beforeAll(() => {
    const root = site('all', "{ hosts: ['netlify', 'vercel', 'nginx', 'caddy'] }");
    const result = build(root);
    expect(result.status, result.stderr).toBe(0);
    dist = path.join(root, 'dist');
    rules = parseHeadersFile(fs.readFileSync(path.join(dist, '_headers'), 'utf8'));
    paths = requestPaths(dist);
    expect(paths.length).toBeGreaterThan(10);
  }, 120_000);

  it('vercel.json: every matching source applies', () => {
    const config = JSON.parse(fs.readFileSync(path.join(dist, 'vercel.json'), 'utf8')) as {
      headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
    };
    const sources = config.headers.map(({ source, headers }) => ({
      regexp: new RegExp(
        `^${source.replace(/\(\.\*\)|\\(.)|([.^$|{}[\]])/g, (all, literal?: string, special?: string) => (all === '(.*)' ? '.*' : `\\${literal ?? special}`))}$`,
      ),
      headers,
    }));
    for (const url of paths) {
      const got = new Map<string, string>();
      for (const source of sources.filter(({ regexp }) => regexp.test(url)))
        for (const { key, value } of source.headers) got.set(key.toLowerCase(), value);
      expect(sorted(got), url).toEqual(sorted(headersForPath(rules, url)));
    }
  });

  it('_headers.nginx.conf: the one location nginx picks has every header, and the header files are not served', () => {
    const text = fs.readFileSync(path.join(dist, '_headers.nginx.conf'), 'utf8');
    const locations = [...text.matchAll(/^location (= |\^~ )?(\S+) \{([^}]*)\}/gm)].map(([, kind, at, body]) => ({
      kind: kind?.trim() ?? '',
      at: at!,
      denied: /return 404;/.test(body!),
      headers: new Map(
        [...body!.matchAll(/add_header (\S+) "((?:[^"\\]|\\.)*)" always;/g)].map(([, name, value]) => [
          name!.toLowerCase(),
          value!.replace(/\\(.)/g, '$1'),
        ]),
      ),
    }));
    // nginx: an exact match, else the longest ^~ prefix, else the longest plain prefix.
    const pick = (url: string) =>
      locations.find((l) => l.kind === '=' && l.at === url) ??
      locations.filter((l) => l.kind !== '=' && url.startsWith(l.at)).sort((a, b) => b.at.length - a.at.length)[0]!;
    for (const url of paths) {
      const location = pick(url);
      if (/^\/_(headers|redirects)/.test(url)) expect(location.denied, url).toBe(true);
      else expect(sorted(location.headers), url).toEqual(sorted(headersForPath(rules, url)));
    }
    expect(text).toContain('error_page 404 /404.html;');
  });

  it('_headers.Caddyfile: every matching header block applies, and the header files are not served', () => {
    const text = fs.readFileSync(path.join(dist, '_headers.Caddyfile'), 'utf8');
    const blocks = [...text.matchAll(/^header (\S+) \{\n([^}]*)\}/gm)].map(([, pattern, body]) => ({
      matches: (url: string) => (pattern!.endsWith('*') ? url.startsWith(pattern!.slice(0, -1)) : url === pattern),
      headers: [...body!.matchAll(/^\t(\S+) "((?:[^"\\]|\\.)*)"$/gm)].map(
        ([, name, value]) => [name!.toLowerCase(), value!.replace(/\\(.)/g, '$1')] as const,
      ),
    }));
    for (const url of paths) {
      const got = new Map<string, string>();
      for (const block of blocks.filter((b) => b.matches(url))) for (const [name, value] of block.headers) got.set(name, value);
      if (/^\/_(headers|redirects)/.test(url))
        expect(text).toMatch(new RegExp(`^respond /${url.slice(2).startsWith('headers') ? '_headers' : '_redirects'}\\* 404$`, 'm'));
      else expect(sorted(got), url).toEqual(sorted(headersForPath(rules, url)));
    }
  });
});

describe('deploy.hosts', () => {
  it('by default writes _headers alone, for Netlify and Cloudflare Pages', () => {
    const root = site('default', undefined);
    expect(build(root).status).toBe(0);
    const files = fs.readdirSync(path.join(root, 'dist'));
    expect(files).toContain('_headers');
    expect(files.filter((file) => /vercel|nginx|Caddy/.test(file))).toEqual([]);
  }, 120_000);

  it('names an unknown host at its field in the site definition', () => {
    const root = site('unknown', "{ hosts: ['netlfy'] }");
    const result = build(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^site\.config\.tsx:\d+ {2}deploy\.hosts\[0\]: expected one of .*netlify.*, found "netlfy"/m);
  }, 120_000);
});
