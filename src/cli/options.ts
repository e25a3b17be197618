import fs from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError } from 'commander';
import { phrase } from '../diagnostics/catalogue/index.ts';
import { cacheFolder } from '../core/cache-folder.ts';

/** The `--offline` option's help, the same for `site build` and `site serve`. */
export const OFFLINE_HELP = `build collections with a loader from their last result in ${cacheFolder('data')}/, without running the loaders`;

/** Parses `--origin`: an absolute http(s) URL with nothing after the host and port. */
export function parseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(phrase('option-origin-not-absolute', { value }));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InvalidArgumentError(phrase('option-origin-protocol', { protocol: url.protocol }));
  return url.origin;
}

/** Parses `--port`: a whole number from 0 to 65535 (0 picks a free port). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError(phrase('option-port', { value }));
  return port;
}

/** Parses a folder option (`--content`, `--root`): a folder that exists, made absolute from the working folder. */
export function parseExistingFolder(value: string): string {
  const folder = path.resolve(value);
  const stat = fs.statSync(folder, { throwIfNoEntry: false });
  if (!stat) throw new InvalidArgumentError(phrase('option-no-such-folder', { folder }));
  if (!stat.isDirectory()) throw new InvalidArgumentError(phrase('option-file-not-folder', { folder }));
  return folder;
}

/** Why a folder to write into (`--out`) cannot be one: it is a file, or lies under one. Undefined when it can. */
export function unusableOutputFolder(folder: string): string | undefined {
  for (let at = folder; ; at = path.dirname(at)) {
    const stat = fs.statSync(at, { throwIfNoEntry: false });
    if (stat)
      return stat.isDirectory()
        ? undefined
        : at === folder
          ? phrase('option-file-not-folder', { folder })
          : phrase('option-folder-under-file', { folder, file: at });
    if (path.dirname(at) === at) return undefined;
  }
}
