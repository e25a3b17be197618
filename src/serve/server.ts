import http from 'node:http';
import path from 'node:path';
import chokidar from 'chokidar';
import * as esbuild from 'esbuild';
import { engineFile } from '../engine-file.ts';
import { CACHE_FOLDER } from '../core/cache-folder.ts';
import { HEADERS_FILE } from '../security/headers-output.ts';
import { securityHeaders } from '../security/headers.ts';
import { hostAllowed, refuseHost } from './host-check.ts';
import { listen } from './listen.ts';
import { contentTypeOf, headersFor, REDIRECTS_FILE, respond, serveBuild, type ServedBuild } from './response.ts';
import { ENGINE_DIR } from '../runner/reuse/fingerprint.ts';
import { startDevBuilder, type DevBuilder } from './dev-builder.ts';
import type { DevBuildResult } from './dev-build-protocol.ts';

export interface ServeOptions {
  root: string;
  /** The site definition, when not at its usual place (see `loadSite`). */
  config?: string;
  port: number;
  /** True when the user named the port: a taken port is then an error instead of the next free port. */
  portGiven?: boolean;
  host: string;
  origin?: string;
  /** Reports carry the stacks of errors thrown by the site's code. */
  verbose?: boolean;
  /** Read content from this folder instead of the site's own. */
  content?: string;
  /** Build collections with a loader from their last result in `.site-cache/data/` (`--offline`). */
  offline?: boolean;
  /** Called with each build's outcome, for the terminal. */
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
  /** Resolves once the build that is running (or the next one) has finished. */
  settled(): Promise<void>;
}

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
  const state: ServerState = { served: NO_BUILD, version: 0, soft: [], mains: {} };
  const output = new Map<string, Uint8Array>();
  const channel = liveReloadChannel(state, await liveReloadScript());
  const builds = buildLoop(options, (result, ms) => {
    takeBuild(state, output, result, ms, log);
    channel.broadcast();
  });
  const server = http.createServer((request, response) =>
    answer(request, response, {
      state,
      channel,
      host: options.host,
      running: builds.running,
      again: () => server.emit('request', request, response),
    }),
  );

  // Listening comes first, so that a port in use is said at once, before anything is built or watched.
  const { port, note } = await listen(server, {
    port: options.port,
    host: options.host,
    portGiven: options.portGiven ?? true,
    command: 'site serve',
  });
  if (note) log(note);
  const watcher = watchProject(options, (file) => kindOf(state.sources, file), builds.rebuild);

  await builds.rebuild('code');
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    settled: async () => {
      for (let running = builds.running(); running; running = builds.running()) await running;
    },
    close: async () => {
      builds.close();
      await watcher.close();
      channel.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What the dev server serves and tells open pages: the last good build, or the failure since. */
interface ServerState {
  served: ServedBuild;
  failure?: string;
  version: number;
  /** Output files the last good build changed; undefined when it replaced the whole output. */
  changed?: string[];
  /** Pages of the last good build whose HTML changed only inside `<main>`: open copies can swap it in place. */
  soft: string[];
  /** The new `<main>` of those pages, when there are few, sent along so an open page need not ask for it. */
  mains: Record<string, string>;
  /** What the site is made of, as the worker that loaded it said (none until one has). */
  sources?: { content: string[]; code: Set<string>; codeFolders: string[] };
}

/** The live-reload client, bundled once per server. */
async function liveReloadScript(): Promise<string> {
  const bundled = await esbuild.build({
    entryPoints: [engineFile(import.meta.url, '../client/live-reload')],
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
  });
  return bundled.outputFiles[0]!.text;
}

/** Live reload: open pages listen on /__site/events and reload on each good build. */
interface LiveReloadChannel {
  /** The live-reload client's code, served at /__site/live-reload.js. */
  script: string;
  /** Answers a page's request for /__site/events, and keeps it open for the news. */
  listen(request: http.IncomingMessage, response: http.ServerResponse): void;
  /** Tells every open page the news: a good build, or the failure since. */
  broadcast(): void;
  close(): void;
}

function liveReloadChannel(state: ServerState, script: string): LiveReloadChannel {
  const clients = new Set<http.ServerResponse>();
  const sendState = (client: http.ServerResponse) => {
    const { failure, version, changed, soft, mains } = state;
    if (failure) client.write(`event: error-report\ndata: ${failure.split('\n').join('\ndata: ')}\n\n`);
    else client.write(`event: ok\ndata: ${JSON.stringify({ version, changed, soft, mains })}\n\n`);
  };
  return {
    script,
    listen(request, response) {
      response.writeHead(200, {
        ...Object.fromEntries(headersFor(state.served, '/__site/events', 200)),
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      clients.add(response);
      sendState(response);
      request.on('close', () => clients.delete(response));
    },
    broadcast() {
      for (const client of clients) sendState(client);
    },
    close() {
      for (const client of clients) client.end();
    },
  };
}

/** The build loop: one build at a time; changes during a build queue exactly one more. */
interface BuildLoop {
  /** Builds again, now or after the build that is running; resolves once that build has finished. */
  rebuild(kind: 'content' | 'code'): Promise<void>;
  /** The build that is running, if one is. */
  running(): Promise<void> | undefined;
  close(): void;
}

/**
 * Content edits go to the warm worker; template or engine edits need a fresh one (modules load
 * once). `onResult` takes each build's outcome and how long it took.
 */
function buildLoop(options: ServeOptions, onResult: (result: DevBuildResult, ms: number) => void): BuildLoop {
  let worker: DevBuilder | undefined;
  let running: Promise<void> | undefined;
  let pending: 'content' | 'code' | undefined;
  const rebuild = (kind: 'content' | 'code'): Promise<void> => {
    if (running) {
      pending = pending === 'code' || kind === 'code' ? 'code' : 'content';
      return running;
    }
    const started = performance.now();
    if (kind === 'code' || !worker) {
      worker?.close();
      worker = startDevBuilder({
        root: options.root,
        config: options.config,
        origin: options.origin,
        content: options.content,
        verbose: options.verbose,
        offline: options.offline,
      });
    }
    running = worker
      .build()
      .then((result) => onResult(result, Math.round(performance.now() - started)))
      .finally(() => {
        running = undefined;
        const next = pending;
        pending = undefined;
        if (next) void rebuild(next);
      });
    return running;
  };
  return { rebuild, running: () => running, close: () => worker?.close() };
}

/** Takes one build's outcome in: a good build becomes what is served (`output` holds its files), a failure is reported. */
function takeBuild(state: ServerState, output: Map<string, Uint8Array>, result: DevBuildResult, ms: number, log: (line: string) => void) {
  const told = result.sources;
  if (told) state.sources = { content: told.content, code: new Set(told.code), codeFolders: told.codeFolders };
  if (!result.ok) {
    state.failure = result.report;
    log(result.report);
    return;
  }
  const soft = result.complete ? [] : onlyMainChanged(output, result.files);
  state.soft = soft;
  state.mains =
    soft.length > SENT_MAINS
      ? {}
      : Object.fromEntries(result.files.filter(([file]) => soft.includes(file)).map(([file, bytes]) => [file, mainOf(bytes)!]));
  if (result.complete) output.clear();
  for (const file of result.removed) output.delete(file);
  for (const [file, bytes] of result.files) output.set(file, bytes);
  state.served =
    result.complete || state.served === NO_BUILD ? serveBuild(output, RELOAD_SCRIPT) : updateServed(state.served, result, RELOAD_SCRIPT);
  state.failure = undefined;
  state.version++;
  state.changed = result.complete ? undefined : [...result.removed, ...result.files.map(([file]) => file)];
  // Warnings (an image without alt text, a site plugin's) come before the summary, as `site build` says them.
  if (result.warnings.length) log(result.warnings.join('\n'));
  log(
    result.complete ? `✔ Built ${result.pages} pages in ${ms} ms.` : `✔ Rebuilt ${result.rendered} of ${result.pages} pages in ${ms} ms.`,
  );
}

/** What answering a request needs of the server. */
interface Answering {
  state: ServerState;
  channel: LiveReloadChannel;
  /** The host the server was started for, which requests must name. */
  host: string;
  running: () => Promise<void> | undefined;
  /** Answers the request again, once the first build is done. */
  again: () => void;
}

/** One HTTP answer: the live-reload channel and client, the error page before any good build, else the build's file. */
function answer(request: http.IncomingMessage, response: http.ServerResponse, { state, channel, host, running, again }: Answering) {
  if (!hostAllowed(request.headers.host, host)) return refuseHost(request, response, host);
  const { served, failure } = state;
  // The server listens before its first build (a taken port is said at once): early requests wait for it.
  const first = running();
  if (served === NO_BUILD && !failure && first) return void first.then(again);
  const url = request.url ?? '/';
  if (url === '/__site/events') return channel.listen(request, response);
  if (url === '/__site/live-reload.js') {
    response.writeHead(200, {
      ...Object.fromEntries(headersFor(served, url, 200)),
      'content-type': contentTypeOf('live-reload.js'),
      'cache-control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : channel.script);
    return;
  }
  if (served === NO_BUILD && failure) {
    const page = Buffer.from(errorPage(failure));
    response.writeHead(500, {
      ...Object.fromEntries(headersFor(served, url, 500)),
      'content-type': contentTypeOf('.html'),
      'content-length': page.byteLength,
    });
    response.end(request.method === 'HEAD' ? undefined : page);
    return;
  }
  respond(request, response, served);
}

/**
 * Watches the project folder, and the site's content wherever it is, rebuilding after each burst
 * of changes. What an edit means depends on the file (`kindOf`): content is rebuilt by the warm
 * worker; the site's code or the engine's needs a new one.
 */
function watchProject(
  options: ServeOptions,
  kindOf: (file: string) => 'content' | 'code' | undefined,
  rebuild: (kind: 'content' | 'code') => Promise<void>,
): { close(): Promise<void> } {
  const watcher = chokidar.watch([options.root, ...(options.content ? [path.resolve(options.content)] : [])], {
    ignoreInitial: true,
    ignored: isMachineMade,
    // A link is watched as a link, never followed: chokidar would otherwise watch all of `/usr`
    // behind `content/usr`. A link the build accepts leads to a file of the project, watched where it is.
    followSymlinks: false,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changes: 'content' | 'code' | undefined;
  watcher.on('all', (_event, file) => {
    const kind = kindOf(path.resolve(file));
    if (!kind) return;
    changes = changes === 'code' || kind === 'code' ? 'code' : 'content';
    clearTimeout(timer);
    // Editors often save in several steps (write, rename); wait for the burst to end, briefly.
    timer = setTimeout(() => {
      const kind = changes!;
      changes = undefined;
      void rebuild(kind);
    }, 8);
  });
  return {
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}

/** What an edit of `file` needs: a content build, a fresh worker for code, or nothing (a file the site does not use). */
function kindOf(sources: ServerState['sources'], file: string): 'content' | 'code' | undefined {
  if (!sources) return 'code';
  if (sources.content.some((dir) => dir === file || isInside(dir, file))) return 'content';
  if (sources.code.has(file) || isInside(ENGINE_DIR, file) || sources.codeFolders.some((dir) => isInside(dir, file))) return 'code';
  return undefined;
}

/** The served build with one incremental build's changes applied, without touching the other files. */
function updateServed(served: ServedBuild, result: Extract<DevBuildResult, { ok: true }>, headSuffix: string): ServedBuild {
  const patch = serveBuild(new Map(result.files), headSuffix);
  const files = new Map(served.files);
  for (const file of result.removed) files.delete(file);
  for (const [file, bytes] of patch.files) files.set(file, bytes);
  const headersChanged = result.files.some(([file]) => file === HEADERS_FILE);
  const redirectsChanged = result.files.some(([file]) => file === REDIRECTS_FILE) || result.removed.includes(REDIRECTS_FILE);
  return { files, rules: headersChanged ? patch.rules : served.rules, redirects: redirectsChanged ? patch.redirects : served.redirects };
}

/** A build changes one page, or a few, far more often than many: theirs go with the news. */
const SENT_MAINS = 4;

/** Where a page's `<main>` begins, and where its `</main>` does. */
function mainBounds(html: string): { start: number; end: number } | undefined {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  return start < 0 || end < start ? undefined : { start, end };
}

/** A page's `<main>…</main>`. */
function mainOf(bytes: Uint8Array): string | undefined {
  const html = Buffer.from(bytes).toString('utf8');
  const bounds = mainBounds(html);
  return bounds && html.slice(bounds.start, bounds.end + '</main>'.length);
}

/** The changed HTML files whose text differs from the last build's only between `<main` and `</main>`. */
function onlyMainChanged(before: ReadonlyMap<string, Uint8Array>, files: Array<[string, Uint8Array]>): string[] {
  const outsideMain = (bytes: Uint8Array) => {
    const html = Buffer.from(bytes).toString('utf8');
    const bounds = mainBounds(html);
    return bounds && html.slice(0, bounds.start) + html.slice(bounds.end);
  };
  return files.flatMap(([file, bytes]) => {
    const old = file.endsWith('.html') ? before.get(file) : undefined;
    if (!old) return [];
    const outside = outsideMain(bytes);
    return outside !== undefined && outside === outsideMain(old) ? [file] : [];
  });
}

/** Folders no person edits: packages, caches, version control, build output. */
function isMachineMade(file: string): boolean {
  return file.split(/[\\/]/).some((part) => MACHINE_MADE.has(part));
}

const MACHINE_MADE = new Set(['node_modules', '.git', CACHE_FOLDER, 'dist']);

function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The page shown while no build has ever succeeded; it reloads itself once one does. */
function errorPage(report: string): string {
  const escaped = report.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title>${RELOAD_SCRIPT}</head><body><h1>The build failed</h1><pre>${escaped}</pre></body></html>`;
}
