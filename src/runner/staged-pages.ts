import type { Staging } from '../output/write.ts';
import { pageWriter } from './page-writer.ts';

/**
 * Where a build's rendered pages go as they come, so ten thousand of them need not be held in
 * memory: the staging area of the next output. A worker writes the pages it renders into the
 * staging folder itself and hands over their stamps (`adopt`); a page rendered on the main thread
 * is `put`, and goes to the page-writer thread when the staging folder is on disk.
 */
export interface StagedPages {
  /** The staging folder, for workers to write into, when it is on disk. */
  readonly dir?: string;
  /** Stages a page rendered on this thread. */
  put(path: string, bytes: Uint8Array): void;
  /** Takes a page a worker wrote into `dir`, with the stamp it got there. */
  adopt(path: string, stamp: string): void;
  /** Once every page is put or adopted: each page's stamp in the staging area, by output path. */
  done(): Promise<Map<string, string>>;
}

/** Pages staged into `staging`; `pages` is about how many will be put (whether the writer thread is worth starting). */
export function stagedPages(staging: Staging, pages: number): StagedPages {
  const stamps = new Map<string, string>();
  const writes: Promise<unknown>[] = [];
  const dir = staging.adopt ? staging.dir : undefined;
  const writer = dir ? pageWriter(dir, pages) : undefined;
  const adopt = (path: string, stamp: string) => {
    staging.adopt!(path);
    stamps.set(path, stamp);
  };
  return {
    dir,
    put(path, bytes) {
      if (writer) writes.push(writer.write(path, bytes).then((stamp) => adopt(path, stamp)));
      else writes.push(staging.put({ path, contents: bytes }).then((stamp) => stamps.set(path, stamp)));
    },
    adopt,
    async done() {
      await Promise.all(writes).finally(() => writer?.close());
      return stamps;
    },
  };
}
