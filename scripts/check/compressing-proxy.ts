import http from 'node:http';
import { Transform } from 'node:stream';
import { createGzip } from 'node:zlib';

/**
 * Static hosts and CDNs compress text on the fly; the checks' static server does not. This puts
 * gzip in front of it, as a host would, so Lighthouse sees the bytes a visitor really transfers
 * (AstroWind's figures are transfer sizes too). Everything else passes through untouched.
 */
export async function startCompressingProxy(
  target: string,
): Promise<{ url: string; bodyBytes: ReadonlyMap<string, number>; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const bodyBytes = new Map<string, number>();
  const compressible = /^(text\/|application\/(javascript|json|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;
  const server = http.createServer((request, response) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const headers = { ...answer.headers };
        const key = request.url ?? '/';
        let sent = 0;
        const count = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            sent += chunk.length;
            done(null, chunk);
          },
          flush(done) {
            bodyBytes.set(key, sent);
            done();
          },
        });
        const wantsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
        if (
          wantsGzip &&
          compressible.test(String(headers['content-type'] ?? '')) &&
          request.method !== 'HEAD' &&
          answer.statusCode !== 304
        ) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = 'accept-encoding';
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(createGzip()).pipe(count).pipe(response);
        } else {
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(count).pipe(response);
        }
      },
    );
    forward.on('error', (error) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy: ${error.message}`);
    });
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bodyBytes,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
