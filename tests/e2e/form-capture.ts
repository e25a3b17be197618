import http from 'node:http';

/** How the stand-in answers: as a form service does, with a server error, never, or by dropping the connection. */
export type CaptureMode = 'accept' | 'error' | 'hang' | 'drop';

/** One request the stand-in received: its method, headers and form fields. */
export interface Captured {
  method: string;
  path: string;
  accept: string;
  contentType: string;
  origin: string | undefined;
  fields: Record<string, string>;
}

/**
 * A stand-in for a form service (Formspree, Basin…) on 127.0.0.1: it records every request and
 * answers as its mode says. Accepting, it answers a fetch asking for JSON with `{ ok: true }` and
 * the CORS header a service sends, and a plain form post with a 303 to the `_next` field, as
 * those services redirect back to the site.
 */
export async function startCapture(): Promise<{
  url: string;
  received: Captured[];
  setMode(mode: CaptureMode): void;
  close(): Promise<void>;
}> {
  const received: Captured[] = [];
  let mode: CaptureMode = 'accept';
  const held: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'OPTIONS') {
        // Nothing the form sends needs a preflight; answering one would hide that it did.
        response.writeHead(405).end();
        return;
      }
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        accept: request.headers.accept ?? '',
        contentType: request.headers['content-type'] ?? '',
        origin: request.headers.origin,
        fields: Object.fromEntries(new URLSearchParams(body)),
      });
      const cors = request.headers.origin ? { 'access-control-allow-origin': request.headers.origin } : {};
      if (mode === 'hang') return void held.push(response);
      if (mode === 'drop') return void request.socket.destroy();
      if (mode === 'error')
        return void response.writeHead(500, { 'content-type': 'application/json', ...cors }).end('{"error":"stand-in failure"}');
      if ((request.headers.accept ?? '').includes('application/json'))
        return void response.writeHead(200, { 'content-type': 'application/json', ...cors }).end('{"ok":true}');
      response.writeHead(303, { location: new URLSearchParams(body).get('_next') ?? '/' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    received,
    setMode: (next) => (mode = next),
    close: () =>
      new Promise((resolve) => {
        for (const response of held.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port free on 127.0.0.1 a moment ago, so a site can be built for the origin it will be served at. */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
