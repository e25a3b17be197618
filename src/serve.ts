import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import chokidar from 'chokidar';
import * as esbuild from 'esbuild';
import { securityHeaders } from './security/headers.ts';
import { contentTypeOf, headersFor, respond, serveBuild, type ServedBuild } from './serve-response.ts';
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
// An external script, never inline code, so pages keep their strict Content-Security-Policy in development.
const RELOAD_SCRIPT = '<script type="module" src="/__site/live-reload.js"></script>';

/** What is served before the first good build: nothing but the engine's own security headers. */
const NO_BUILD: ServedBuild = { files: new Map(), rules: [{ pattern: '/*', headers: securityHeaders() }] };

/**
 * Serves the site from memory, rebuilding on every change under content/, templates/ and src/.
 * Three parts: the build loop (one build at a time, the last good one kept), the live-reload
 * channel (server-sent events), and the HTTP answers (`respond`, from the current good build).
 */
export async function startServer(options: ServeOptions): Promise<DevServer> {
  const log = options.log ?? (() => {});
  let served = NO_BUILD;
  let failure: string | undefined;
  let version = 0;

  // Live reload: open pages listen on /__site/events and reload on each good build.
  const clients = new Set<http.ServerResponse>();
  const liveReload = (
    await esbuild.build({ entryPoints: [fileURLToPath(new URL('./client/live-reload.ts', import.meta.url))], bundle: true, write: false, format: 'esm', minify: true })
  ).outputFiles[0]!.text;
  const sendState = (client: http.ServerResponse) => {
    if (failure) client.write(`event: error-report\ndata: ${failure.split('\n').join('\ndata: ')}\n\n`);
    else client.write(`event: ok\ndata: ${version}\n\n`);
  };
  const broadcast = () => {
    for (const client of clients) sendState(client);
  };

  // The build loop: a change during a build queues exactly one more.
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
          served = serveBuild(new Map(result.files), RELOAD_SCRIPT);
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
      response.writeHead(200, { ...Object.fromEntries(headersFor(served, url, 200)), 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      clients.add(response);
      sendState(response);
      request.on('close', () => clients.delete(response));
      return;
    }
    if (url === '/__site/live-reload.js') {
      response.writeHead(200, { ...Object.fromEntries(headersFor(served, url, 200)), 'content-type': contentTypeOf('live-reload.js'), 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : liveReload);
      return;
    }
    if (served === NO_BUILD && failure) {
      const page = Buffer.from(errorPage(failure));
      response.writeHead(500, { ...Object.fromEntries(headersFor(served, url, 500)), 'content-type': contentTypeOf('.html'), 'content-length': page.byteLength });
      response.end(request.method === 'HEAD' ? undefined : page);
      return;
    }
    respond(request, response, served);
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

/** The page shown while no build has ever succeeded; it reloads itself once one does. */
function errorPage(report: string): string {
  const escaped = report.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title>${RELOAD_SCRIPT}</head><body><h1>The build failed</h1><pre>${escaped}</pre></body></html>`;
}
