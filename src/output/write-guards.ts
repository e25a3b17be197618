import path from 'node:path';
import { SiteConfigError } from '../diagnostics/config-error.ts';
import { line } from '../diagnostics/catalogue/index.ts';

/** A file of the output would have been written outside its folder: the build stopped, and nothing was written there. */
export class OutputPathError extends SiteConfigError {
  override name = 'OutputPathError';
}

/** The output could not be written (a full disk, the file-size limit): the build stopped, and the previous output is whole. */
export class OutputWriteError extends SiteConfigError {
  override name = 'OutputWriteError';
}

/**
 * Where a file of the output goes under `folder` (the staging folder, or the output itself), the
 * last check before anything is written or read there: a path that is absolute, has a `..`
 * segment or resolves anywhere but below the folder throws, whoever made it (the stages check
 * what the site and its content name, see `safety/output-paths.ts`; the last build's list of
 * files comes from the cache, which anyone may edit).
 */
export function confinedPath(folder: string, relative: string, target: string = folder): string {
  const absolute = path.resolve(folder, relative);
  const back = path.relative(folder, absolute);
  const escapes =
    relative.includes('\0') ||
    path.isAbsolute(relative) ||
    relative.split(/[\\/]/).includes('..') ||
    back === '' ||
    back === '..' ||
    back.startsWith(`..${path.sep}`) ||
    path.isAbsolute(back);
  if (escapes) throw new OutputPathError(line('output-path-outside', { path: relative, target }));
  return absolute;
}

/** The errors of a device or a limit, not of the build: the disk is full, the user's quota or the file-size limit is reached. */
const NO_ROOM = /\b(ENOSPC|EDQUOT|EFBIG)\b/;

/**
 * The error to throw when writing into the output failed: a full disk or a size limit becomes one
 * line naming the output (the caller's staging is removed, so the previous output stays whole);
 * anything else is thrown as it was. The code is read from the message too, since an error that
 * crossed from a worker thread may have lost its `code`.
 */
export function writeFailure(error: unknown, target: string): unknown {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  const errno = [code, message].map((text) => (typeof text === 'string' ? NO_ROOM.exec(text)?.[1] : undefined)).find(Boolean);
  if (!errno || error instanceof OutputWriteError) return error;
  return new OutputWriteError(line('output-write-failed', { target, errno }), { cause: error });
}
