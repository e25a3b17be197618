import { createHash } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import { HEADERS_FILE } from '../security/headers-output.ts';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../security/headers-file.ts';

/** One good build as `site serve` answers from it: files by output path, and the rules of its `_headers`. */
export interface ServedBuild {
  files: ReadonlyMap<string, Uint8Array>;
  rules: readonly HeaderRule[];
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
  for (const [file, contents] of files) {
    if (file === HEADERS_FILE) rules = parseHeadersFile(Buffer.from(contents).toString('utf8'));
    else if (headSuffix && file.endsWith('.html')) served.set(file, Buffer.from(Buffer.from(contents).toString('utf8').replace('</head>', `${headSuffix}</head>`)));
    else served.set(file, contents);
  }
  return { files: served, rules };
}

/**
 * Answers a request from a build: only files the build produced are ever served. GET and HEAD get
 * the file (or the not-found page with 404), with the build's `_headers` and an ETag; a single
 * byte range gets 206, an unsatisfiable one 416, several are answered whole with 200. OPTIONS
 * gets 204 and other methods 405, both naming the allowed methods; overlong URLs get 414.
 */
export function respond(request: http.IncomingMessage, response: http.ServerResponse, build: ServedBuild): void {
  const url = request.url ?? '/';
  if (url.length > MAX_URL_LENGTH) return sendText(response, build, 414, 'The address is too long.\n');
  if (request.method === 'OPTIONS') return sendText(response, build, 204, '', { allow: ALLOW });
  if (request.method !== 'GET' && request.method !== 'HEAD') return sendText(response, build, 405, 'Method not allowed.\n', { allow: ALLOW });
  const key = outputKey(url);
  const found = key === undefined ? undefined : lookup(build.files, key);
  if (!found) {
    const notFound = build.files.get('404.html') ?? Buffer.from('<!DOCTYPE html><html lang="en"><title>Not found</title><h1>Not found</h1></html>');
    return sendBody(request, response, 404, notFound, contentTypeOf('404.html'), headersFor(build, url, 404));
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
  const range = request.method === 'GET' && ifRangeHolds(request, etag) ? parseRange(request.headers.range, found.contents.byteLength) : undefined;
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${found.contents.byteLength}`);
    return sendBody(request, response, 416, Buffer.alloc(0), 'text/plain; charset=utf-8', headers);
  }
  if (range) {
    headers.set('content-range', `bytes ${range.start}-${range.end}/${found.contents.byteLength}`);
    return sendBody(request, response, 206, found.contents.subarray(range.start, range.end + 1), contentTypeOf(found.path), headers);
  }
  sendBody(request, response, 200, found.contents, contentTypeOf(found.path), headers);
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

function sendBody(request: http.IncomingMessage, response: http.ServerResponse, status: number, body: Uint8Array, type: string, headers: Map<string, string>): void {
  headers.set('content-type', type);
  headers.set('content-length', String(body.byteLength));
  response.writeHead(status, Object.fromEntries(headers));
  response.end(request.method === 'HEAD' ? undefined : body);
}

function sendText(response: http.ServerResponse, build: ServedBuild, status: number, text: string, extra: Record<string, string> = {}): void {
  const headers = headersFor(build, '/', status);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  if (status !== 204) {
    headers.set('content-type', 'text/plain; charset=utf-8');
    headers.set('content-length', String(Buffer.byteLength(text)));
  }
  response.writeHead(status, Object.fromEntries(headers));
  response.end(status === 204 ? undefined : text);
}
