import { createHash } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { HEADERS_FILE } from '../security/headers-output.ts';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../security/headers-file.ts';
import { matchRedirect, parseRedirects, type RedirectRule } from './redirects.ts';

/** One good build as `site serve` and `site preview` answer from it: files by output path, and the rules of its `_headers` and `_redirects`. */
export interface ServedBuild {
  files: ReadonlyMap<string, Uint8Array>;
  rules: readonly HeaderRule[];
  redirects?: readonly RedirectRule[];
}

/** The file of redirects Netlify and Cloudflare Pages read (see `redirects.ts`). */
export const REDIRECTS_FILE = '_redirects';

export interface RespondOptions {
  /** Compress text by the request's Accept-Encoding (brotli, else gzip), as a host's CDN does. */
  compress?: boolean;
}

/** Request targets longer than this are refused with 414 (Node itself refuses request heads over 16 KB with 431). */
export const MAX_URL_LENGTH = 8192;
const ALLOW = 'GET, HEAD, OPTIONS';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};

/** The content type of an output path, by extension. */
export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/**
 * Prepares a build's files for serving: `_headers` becomes rules (and is not served itself, as on
 * a static host), and `headSuffix` (the dev server's live-reload script) is added to every page.
 */
export function serveBuild(files: ReadonlyMap<string, Uint8Array>, headSuffix = ''): ServedBuild {
  const served = new Map<string, Uint8Array>();
  let rules: HeaderRule[] = [];
  let redirects: RedirectRule[] = [];
  for (const [file, contents] of files) {
    if (file === HEADERS_FILE) rules = parseHeadersFile(Buffer.from(contents).toString('utf8'));
    // Read strictly by `site preview` before it starts (it says which line is wrong); here a broken file redirects nothing.
    else if (file === REDIRECTS_FILE) redirects = tryParse(() => parseRedirects(Buffer.from(contents).toString('utf8')), []);
    else if (headSuffix && file.endsWith('.html'))
      served.set(file, Buffer.from(Buffer.from(contents).toString('utf8').replace('</head>', `${headSuffix}</head>`)));
    else served.set(file, contents);
  }
  return { files: served, rules, redirects };
}

function tryParse<T>(parse: () => T, otherwise: T): T {
  try {
    return parse();
  } catch {
    return otherwise;
  }
}

/**
 * Answers a request from a build: only files the build produced are ever served. GET and HEAD get
 * the file (or the not-found page with 404), with the build's `_headers` and an ETag; a single
 * byte range gets 206, an unsatisfiable one 416, several are answered whole with 200. OPTIONS
 * gets 204 and other methods 405, both naming the allowed methods; overlong URLs get 414.
 */
export function respond(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  build: ServedBuild,
  options: RespondOptions = {},
): void {
  const url = request.url ?? '/';
  if (url.length > MAX_URL_LENGTH) return sendText(response, build, 414, 'The address is too long.\n');
  if (request.method === 'OPTIONS') return sendText(response, build, 204, '', { allow: ALLOW });
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return sendText(response, build, 405, 'Method not allowed.\n', { allow: ALLOW });
  const key = outputKey(url);
  let found = key === undefined ? undefined : lookup(build.files, key);
  let status = 200;
  const redirect =
    build.redirects?.length && key !== undefined ? matchRedirect(build.redirects, pathnameOf(url), found !== undefined) : undefined;
  if (redirect && redirect.status !== 200 && redirect.status !== 404) {
    const headers = headersFor(build, url, redirect.status);
    headers.set('location', withQuery(redirect.to, url));
    return sendText(response, build, redirect.status, `Moved to ${redirect.to}\n`, Object.fromEntries(headers));
  }
  if (redirect) {
    // 200 is a rewrite (the target's file at this address), 404 a not-found page of the site's choosing.
    const target = outputKey(redirect.to);
    found = target === undefined ? undefined : lookup(build.files, target);
    status = redirect.status;
  }
  if (!found || status === 404) {
    const notFound =
      found?.contents ??
      build.files.get('404.html') ??
      Buffer.from('<!DOCTYPE html><html lang="en"><title>Not found</title><h1>Not found</h1></html>');
    return sendBody(request, response, 404, notFound, contentTypeOf('404.html'), headersFor(build, url, 404), options);
  }
  const restyled = key && found.path === `${key}/index.html` ? inPageStyle(url, key, found.contents) : undefined;
  if (restyled) {
    // As a host does for a site in one URL style (trailingSlash): the other form is sent on, permanently.
    const redirect = headersFor(build, url, 308);
    redirect.set('location', restyled);
    return sendBody(request, response, 308, Buffer.alloc(0), 'text/plain; charset=utf-8', redirect);
  }
  const headers = headersFor(build, url, 200);
  const etag = etagOf(found.contents);
  headers.set('etag', etag);
  headers.set('accept-ranges', 'bytes');
  if (request.headers['if-none-match']?.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')))) {
    response.writeHead(304, Object.fromEntries(headers));
    return void response.end();
  }
  const range =
    request.method === 'GET' && ifRangeHolds(request, etag) ? parseRange(request.headers.range, found.contents.byteLength) : undefined;
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${found.contents.byteLength}`);
    return sendBody(request, response, 416, Buffer.alloc(0), 'text/plain; charset=utf-8', headers);
  }
  if (range) {
    headers.set('content-range', `bytes ${range.start}-${range.end}/${found.contents.byteLength}`);
    return sendBody(request, response, 206, found.contents.subarray(range.start, range.end + 1), contentTypeOf(found.path), headers);
  }
  sendBody(request, response, 200, found.contents, contentTypeOf(found.path), headers, options);
}

/** The headers `_headers` gives a request path, with no-store for errors that set no Cache-Control. */
export function headersFor(build: ServedBuild, url: string, status: number): Map<string, string> {
  const headers = headersForPath(build.rules, pathnameOf(url));
  if (!headers.has('cache-control')) headers.set('cache-control', status >= 400 ? 'no-store' : 'no-cache');
  return headers;
}

/** The output path a request URL names, or undefined for anything that could step outside the output. */
export function outputKey(rawUrl: string): string | undefined {
  let pathname: string;
  try {
    // Decoded once only: a doubly encoded "%252e%252e" stays the literal name "%2e%2e", which no build has.
    pathname = decodeURIComponent(new URL(rawUrl, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const parts = pathname.split('/').filter(Boolean);
  if (parts.some((part) => part === '..' || part === '.')) return undefined;
  return parts.join('/');
}

/**
 * The one byte range a Range header asks for, clamped to the file; 'unsatisfiable' when it starts
 * past the end; undefined (serve the whole file) when there is no header, it is malformed, or it
 * asks for several ranges.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

function ifRangeHolds(request: http.IncomingMessage, etag: string): boolean {
  const ifRange = request.headers['if-range'];
  if (ifRange === undefined) return true;
  return typeof ifRange === 'string' && ifRange.trim() === etag;
}

function lookup(files: ReadonlyMap<string, Uint8Array>, key: string): { path: string; contents: Uint8Array } | undefined {
  for (const candidate of [key, key ? `${key}/index.html` : 'index.html']) {
    const contents = files.get(candidate);
    if (contents && candidate !== '404.html') return { path: candidate, contents };
  }
  return undefined;
}

const slashedPages = new WeakMap<Uint8Array, boolean>();

/**
 * The request's URL in the style of the page it names, when it is written in the other: a page
 * whose canonical URL ends in a slash (`trailingSlash: 'always'`) asked for without one, or the
 * reverse. The page's own canonical link says the site's style, so no setting is passed around.
 */
function inPageStyle(rawUrl: string, key: string, page: Uint8Array): string | undefined {
  let slashed = slashedPages.get(page);
  if (slashed === undefined) {
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(Buffer.from(page).toString('utf8'))?.[1];
    slashed = canonical !== undefined && URL.canParse(canonical) && new URL(canonical).pathname.endsWith('/');
    slashedPages.set(page, slashed);
  }
  const url = new URL(rawUrl, 'http://localhost');
  if (url.pathname.endsWith('/') === slashed) return undefined;
  // Made from the output key, never from the raw path: `//host/` must not become a redirect to another site.
  const pathname = `/${key.split('/').map(encodeURIComponent).join('/')}${slashed ? '/' : ''}`;
  return `${pathname}${url.search}`;
}

function pathnameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return '/';
  }
}

const etags = new WeakMap<Uint8Array, string>();

/** A strong ETag from the bytes, computed once per file of a build. */
function etagOf(contents: Uint8Array): string {
  let etag = etags.get(contents);
  if (!etag) {
    etag = `"${createHash('sha256').update(contents).digest('base64url').slice(0, 22)}"`;
    etags.set(contents, etag);
  }
  return etag;
}

function sendBody(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  status: number,
  body: Uint8Array,
  type: string,
  headers: Map<string, string>,
  options: RespondOptions = {},
): void {
  headers.set('content-type', type);
  if (options.compress && isCompressible(type) && body.byteLength >= MIN_COMPRESSED) {
    headers.set('vary', 'Accept-Encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding) {
      body = compressed(body, encoding);
      headers.set('content-encoding', encoding);
      // Another representation of the same file: its ETag is weak (`W/` is ignored when comparing, see `respond`).
      const etag = headers.get('etag');
      if (etag) headers.set('etag', `W/${etag}`);
    }
  }
  headers.set('content-length', String(body.byteLength));
  response.writeHead(status, Object.fromEntries(headers));
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** A redirect keeps the query of the request unless its target has one, as hosts do. */
function withQuery(to: string, url: string): string {
  const query = /\?.*$/.exec(url)?.[0];
  return query && !to.includes('?') ? `${to}${query}` : to;
}

/** Smaller files gain nothing from compression (hosts skip them too). */
const MIN_COMPRESSED = 1024;

function isCompressible(type: string): boolean {
  return /^text\/|^application\/(json|xml|javascript)|^image\/svg\+xml/.test(type);
}

/** Brotli when the client takes it, else gzip, else nothing; `q=0` refuses an encoding. */
export function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wanted = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return wanted('br') ? 'br' : wanted('gzip') ? 'gzip' : undefined;
}

const compressedCache = { br: new WeakMap<Uint8Array, Uint8Array>(), gzip: new WeakMap<Uint8Array, Uint8Array>() };

/** A file's bytes compressed once per encoding, then kept as long as the file is. */
function compressed(body: Uint8Array, encoding: 'br' | 'gzip'): Uint8Array {
  let bytes = compressedCache[encoding].get(body);
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : zlib.gzipSync(body, { level: 9 });
    compressedCache[encoding].set(body, bytes);
  }
  return bytes;
}

function sendText(
  response: http.ServerResponse,
  build: ServedBuild,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): void {
  const headers = headersFor(build, '/', status);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  if (status !== 204) {
    headers.set('content-type', 'text/plain; charset=utf-8');
    headers.set('content-length', String(Buffer.byteLength(text)));
  }
  response.writeHead(status, Object.fromEntries(headers));
  response.end(status === 204 ? undefined : text);
}
