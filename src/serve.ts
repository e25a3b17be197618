import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import chokidar from 'chokidar';
import * as esbuild from 'esbuild';
import type { WorkerResult } from './serve-worker.ts';

export interface ServeOptions {
  root: string;
  port: number;
  host: string;
  origin?: string;
  /** Read content from this folder instead of the site's own. */
  content?: string;
  /** Called with each build's outcome, for the terminal. */
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
  /** Resolves once the build that is running (or the next one) has finished. */
  settled(): Promise<void>;
}

const WORKER = fileURLToPath(new URL('./serve-worker.ts', import.meta.url));
const RELOAD_SCRIPT = '<script type="module" src="/__site/live-reload.js"></script>';
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

/** Serves the site from memory, rebuilding on every change under content/, templates/ and src/. */
export async function startServer(options: ServeOptions): Promise<DevServer> {
  const log = options.log ?? (() => {});
  let files = new Map<string, Uint8Array>();
  let failure: string | undefined;
  let version = 0;
  const clients = new Set<http.ServerResponse>();
  const liveReload = (
    await esbuild.build({ entryPoints: [fileURLToPath(new URL('./client/live-reload.ts', import.meta.url))], bundle: true, write: false, format: 'esm', minify: true })
  ).outputFiles[0]!.text;

  const broadcast = () => {
    for (const client of clients) sendState(client);
  };
  const sendState = (client: http.ServerResponse) => {
    if (failure) client.write(`event: error-report\ndata: ${failure.split('\n').join('\ndata: ')}\n\n`);
    else client.write(`event: ok\ndata: ${version}\n\n`);
  };

  let running: Promise<void> | undefined;
  let again = false;
  const rebuild = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    const started = performance.now();
    running = runBuild(options)
      .then((result) => {
        const ms = Math.round(performance.now() - started);
        if (result.ok) {
          files = new Map(result.files);
          failure = undefined;
          version++;
          log(`✔ Built ${result.pages} pages in ${ms} ms.`);
        } else {
          failure = result.report;
          log(result.report);
        }
        broadcast();
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void rebuild();
        }
      });
    return running;
  };

  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/__site/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      clients.add(response);
      sendState(response);
      request.on('close', () => clients.delete(response));
      return;
    }
    if (url === '/__site/live-reload.js') {
      response.writeHead(200, { 'content-type': TYPES['.js']!, 'cache-control': 'no-store' });
      response.end(liveReload);
      return;
    }
    respond(request, response, files, failure);
  });

  const watched = [options.content ? path.resolve(options.content) : path.join(options.root, 'content'), ...['templates', 'src'].map((dir) => path.join(options.root, dir))];
  const watcher = chokidar.watch(watched, { ignoreInitial: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 30);
  });

  await rebuild();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address() as { port: number };
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${address.port}`,
    settled: async () => {
      while (running) await running;
    },
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
      for (const client of clients) client.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function runBuild({ root, origin, content }: ServeOptions): Promise<WorkerResult> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, { workerData: { root, origin, content } });
    worker.once('message', (message: WorkerResult) => resolve(message));
    worker.once('error', (error: Error) => resolve({ ok: false, report: error.stack ?? error.message, lines: [error.message] }));
    worker.once('exit', (code) => {
      if (code !== 0) resolve({ ok: false, report: `The build worker exited with code ${code}.`, lines: [] });
    });
  });
}

/** Answers a request from the in-memory output; only files the build produced are ever served. */
function respond(request: http.IncomingMessage, response: http.ServerResponse, files: Map<string, Uint8Array>, failure: string | undefined): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': TYPES['.txt']! });
    response.end('Method not allowed.\n');
    return;
  }
  const key = outputKey(request.url ?? '/');
  const found = key === undefined ? undefined : lookup(files, key);
  if (!found && files.size === 0 && failure) {
    return send(request, response, 500, '.html', Buffer.from(errorPage(failure)));
  }
  if (!found) {
    const notFound = files.get('404.html') ?? Buffer.from('<!DOCTYPE html><title>Not found</title><h1>Not found</h1>');
    return send(request, response, 404, '.html', notFound);
  }
  send(request, response, 200, path.extname(found.path), found.contents);
}

/** The output path a request URL names, or undefined for anything that could step outside the output. */
export function outputKey(rawUrl: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(rawUrl, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const parts = pathname.split('/').filter(Boolean);
  if (parts.some((part) => part === '..' || part === '.')) return undefined;
  return parts.join('/');
}

function lookup(files: Map<string, Uint8Array>, key: string): { path: string; contents: Uint8Array } | undefined {
  for (const candidate of [key, key ? `${key}/index.html` : 'index.html']) {
    const contents = files.get(candidate);
    if (contents && candidate !== '404.html') return { path: candidate, contents };
  }
  return undefined;
}

function send(request: http.IncomingMessage, response: http.ServerResponse, status: number, ext: string, body: Uint8Array): void {
  let payload = body;
  if (ext === '.html') payload = Buffer.from(Buffer.from(body).toString('utf8').replace('</head>', `${RELOAD_SCRIPT}</head>`));
  response.writeHead(status, {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'content-length': payload.byteLength,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(request.method === 'HEAD' ? undefined : payload);
}

function errorPage(report: string): string {
  const escaped = report.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body><h1>The build failed</h1><pre>${escaped}</pre></body></html>`;
}
