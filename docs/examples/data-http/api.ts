// A stand-in for an events API, on 127.0.0.1: `node api.ts` serves events.json at
// http://127.0.0.1:4330/events. `GET /events?since=<ISO time>` answers with the events updated
// since then, and the ids of all of them, so a client may ask only for what changed.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

interface ApiEvent {
  id: string;
  updated: string;
  [field: string]: unknown;
}

export function startApi(port = 4330, file = path.join(import.meta.dirname, 'events.json')): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/events') return void response.writeHead(404).end();
    const events = JSON.parse(fs.readFileSync(file, 'utf8')) as ApiEvent[];
    const since = url.searchParams.get('since');
    const changed = since ? events.filter((event) => event.updated > since) : events;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ events: changed, ids: events.map((event) => event.id) }));
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

if (process.argv[1] === import.meta.filename) {
  const api = await startApi();
  console.log(`Serving events at ${api.url}/events`);
}
