import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** One file of the build output, its path relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/** Where a finished build goes. */
export interface Writer {
  write(files: readonly OutputFile[]): Promise<void>;
}

/** Keeps the output in memory: for tests and the dev server. */
export function memoryWriter(): Writer & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  return {
    files,
    async write(output) {
      files.clear();
      for (const file of output) files.set(file.path, typeof file.contents === 'string' ? Buffer.from(file.contents) : file.contents);
    },
  };
}

/**
 * Writes the output to a folder beside the target, then swaps it into place with renames, so
 * the target is either the previous build or the new one, never half of each.
 */
export function diskWriter(outDir: string): Writer {
  return {
    async write(output) {
      const target = path.resolve(outDir);
      const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
      const staging = `${target}.tmp-${suffix}`;
      const previous = `${target}.old-${suffix}`;
      try {
        const folders = new Set(output.map((file) => path.dirname(path.join(staging, file.path))));
        for (const folder of [...folders].sort()) await fs.mkdir(folder, { recursive: true });
        await fs.mkdir(staging, { recursive: true });
        await forEachLimited(output, 64, (file) => fs.writeFile(path.join(staging, file.path), file.contents));
        const hadPrevious = await fs.rename(target, previous).then(
          () => true,
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') return false;
            throw error;
          },
        );
        await fs.rename(staging, target).catch(async (error: unknown) => {
          if (hadPrevious) await fs.rename(previous, target);
          throw error;
        });
        if (hadPrevious) await fs.rm(previous, { recursive: true, force: true });
      } finally {
        await fs.rm(staging, { recursive: true, force: true });
      }
    },
  };
}

/** Runs an async task over items with at most `limit` at once, so thousands of files do not exhaust file handles. */
async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
