import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The path of another of the engine's own modules, named relative to the calling module without
 * an extension. It takes the caller's extension: `.ts` when the engine runs from its source,
 * `.js` when it runs from the package's compiled `lib/`, so worker entries and browser entries are
 * found in both.
 */
export function engineFile(callerUrl: string, relative: string): string {
  const extension = path.extname(fileURLToPath(callerUrl));
  return fileURLToPath(new URL(`${relative}${extension}`, callerUrl));
}
