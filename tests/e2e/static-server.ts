import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../../src/security/headers-file.ts';
import { HEADERS_FILE } from '../../src/security/headers-output.ts';

/**
 * Serves a built dist/ folder as a static host would: clean URLs, 404.html for anything else, and
 * the response headers of the build's `_headers` file (which is itself never served), so browser
 * tests run under the real Content-Security-Policy. `port` 0 takes a free one.
 */
export async function serveStatic(dir: string, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const files = sirv(dir, { dev: false, etag: true, extensions: ['html'] });
  const notFound = fs.readFileSync(path.join(dir, '404.html'));
  const headersFile = path.join(dir, HEADERS_FILE);
  const rules: HeaderRule[] = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, 'utf8')) : [];
  const server = http.createServer((request, response) => {
    const pathname = pathnameOf(request.url ?? '/');
    // Set before sirv answers: sirv keeps headers already on the response over its own.
    for (const [name, value] of headersForPath(rules, pathname)) response.setHeader(name, value);
    const answerNotFound = () => {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(notFound);
    };
    if (pathname === `/${HEADERS_FILE}`) return answerNotFound();
    files(request, response, answerNotFound);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function pathnameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return '/';
  }
}
