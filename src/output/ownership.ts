import fs from 'node:fs';
import path from 'node:path';
import { SiteConfigError } from '../diagnostics/config-error.ts';
import { surveyFolder } from './survey.ts';
import { line } from '../diagnostics/catalogue/index.ts';

/**
 * What the `_headers` file every build writes says of its maker (see security/headers-output.ts):
 * a folder whose `_headers` says it is a build's output; any other folder with files in it is
 * someone's, and a build never replaces it.
 */
export const OUTPUT_SIGNATURE = 'Written by `site build`';

/** The output folder holds files that no build of this engine wrote: the build stopped before changing anything. */
export class OutputNotOursError extends SiteConfigError {
  override name = 'OutputNotOursError';
}

/**
 * Why `target` must not be replaced by a build: it holds files, and no `_headers` file signed by
 * a build. Undefined when it may be: it is missing, holds no file, or is a build's output.
 */
export function foreignOutput(target: string): string | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(target);
  } catch {
    // Missing, or not a folder (which the caller reports as such).
    return undefined;
  }
  if (names.length === 0 || signed(path.join(target, '_headers'))) return undefined;
  if ((surveyFolder(target)?.files.length ?? 0) === 0) return undefined;
  return line('output-not-ours', { target });
}

function signed(headers: string): boolean {
  try {
    const fd = fs.openSync(headers, 'r');
    try {
      const start = Buffer.alloc(1024);
      const length = fs.readSync(fd, start, 0, start.length, 0);
      return start.subarray(0, length).toString('utf8').includes(`# ${OUTPUT_SIGNATURE}`);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
}
