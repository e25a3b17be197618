import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/** Serves a built dist/ folder as a static host would: clean URLs, and 404.html for anything else. */
export async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const files = sirv(dir, { dev: false, etag: true, extensions: ['html'] });
  const notFound = fs.readFileSync(path.join(dir, '404.html'));
  const server = http.createServer((request, response) =>
    files(request, response, () => {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(notFound);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
