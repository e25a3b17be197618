import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SiteConfigError } from '../diagnostics/config-error.ts';
import { isEngineHeadersFile } from '../security/headers-output.ts';
import { parseHeadersFile } from '../security/headers-file.ts';
import { HEADERS_FILE } from '../security/headers-output.ts';
import { hostAllowed, refuseHost } from './host-check.ts';
import { listen } from './listen.ts';
import { parseRedirects } from './redirects.ts';
import { REDIRECTS_FILE, respond, serveBuild, type ServedBuild } from './response.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

export interface PreviewOptions {
  /** The output folder `site build` wrote. */
  out: string;
  port: number;
  portGiven: boolean;
  host: string;
  log?: (line: string) => void;
}

/** A folder `site preview` will not serve: not a build of this engine, or one whose host files cannot be read. Exit 2. */
export class NotABuildError extends SiteConfigError {
  override name = 'NotABuildError';
}

/**
 * Serves a finished build as a static host would (see docs/deploy.md): the files as they are on
 * disk, the headers `_headers` asks for, the rules of `_redirects`, the not-found page with 404,
 * and text compressed by Accept-Encoding. Nothing is built; the folder is read again when it
 * changes (see `currentBuild`), so a rebuild is served without a restart.
 */
export async function startPreview(options: PreviewOptions): Promise<{ url: string; close(): Promise<void> }> {
  const build = currentBuild(options.out, options.log);
  const server = http.createServer((request, response) => {
    if (!hostAllowed(request.headers.host, options.host)) return refuseHost(request, response, options.host);
    respond(request, response, build.get(), { compress: true });
  });
  const { port, note } = await listen(server, {
    port: options.port,
    host: options.host,
    portGiven: options.portGiven,
    command: 'site preview',
  });
  if (note) options.log?.(note);
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: async () => {
      build.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The build in `out`, read at start (a folder that is not a build is refused then) and read again
 * before the first request after it changed. `site build` swaps a new folder into place with a
 * rename (see `diskWriter` in `output/write.ts`), so the folder's inode and times say when it was
 * rebuilt; a watcher of the folder says when a file in it was written in place (a `_redirects`
 * copied in by hand). A folder that is missing for the instant of a swap, or that is no build,
 * leaves the previous build served, and the next request looks again.
 */
function currentBuild(out: string, log?: (line: string) => void): { get(): ServedBuild; close(): void } {
  let served = serveBuild(readBuild(out));
  let stamp = folderStamp(out);
  let changed = false;
  let watcher: fs.FSWatcher | undefined;
  const watch = () => {
    watcher?.close();
    // Without inotify (a full watch table), a rebuild is still seen by its stamp; only a file written in place is not.
    try {
      watcher = fs.watch(out, { recursive: true, persistent: false }, () => void (changed = true));
      watcher.on('error', () => watcher?.close());
    } catch {
      watcher = undefined;
    }
  };
  watch();
  return {
    get() {
      const now = folderStamp(out);
      if (!changed && now === stamp) return served;
      changed = false;
      const swapped = now !== stamp;
      stamp = now;
      try {
        served = serveBuild(readBuild(out));
        // A new folder is a new inode: the watcher of the old one hears nothing more.
        if (swapped || watcher === undefined) watch();
        log?.(`Serving ${out} as it is now (it changed).`);
      } catch (error) {
        // Said once per change: the stamp taken above keeps the next requests from reading again.
        // A file gone while it was read (a swap in the middle of the walk) is looked at again next time.
        if (!(error instanceof NotABuildError)) changed = true;
        log?.(`Still serving the previous build: ${(error as Error).message}`);
      }
      return served;
    },
    close: () => watcher?.close(),
  };
}

/** What changes when a build swaps a new folder into `out`: its inode and times (`undefined` while it is missing). */
function folderStamp(out: string): string | undefined {
  const stat = fs.statSync(out, { throwIfNoEntry: false, bigint: true });
  return stat && `${stat.ino}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

/**
 * The files of a build, by output path. A folder without the `_headers` that `site build` writes
 * is refused: a host serves whatever it is given, but previewing the wrong folder (the project,
 * `public/`, another tool's output) would show a site without its headers and call it ready.
 * Symbolic links are not followed (a build never writes one), so nothing outside is served.
 */
function readBuild(out: string): Map<string, Uint8Array> {
  const stat = fs.statSync(out, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) throw new NotABuildError(stat ? phrase('preview-is-a-file', { out }) : phrase('preview-missing', { out }));
  const headers = path.join(out, HEADERS_FILE);
  const text = fs.existsSync(headers) ? fs.readFileSync(headers, 'utf8') : undefined;
  if (text === undefined || !isEngineHeadersFile(text)) {
    throw new NotABuildError(phrase('preview-not-a-build', { out }));
  }
  try {
    parseHeadersFile(text);
    const redirects = path.join(out, REDIRECTS_FILE);
    if (fs.existsSync(redirects)) parseRedirects(fs.readFileSync(redirects, 'utf8'));
  } catch (error) {
    throw new NotABuildError(`${path.join(out, (error as Error).message)}`);
  }
  const files = new Map<string, Uint8Array>();
  // Walked by hand: readdir's own recursion descends into linked folders.
  const folders = [out];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) folders.push(file);
      else if (entry.isFile()) files.set(path.relative(out, file).split(path.sep).join('/'), fs.readFileSync(file));
    }
  }
  return files;
}
