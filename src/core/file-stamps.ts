import fs from 'node:fs';

/**
 * Each file's path, size, modification and change times and inode, read without opening it: what
 * a long-lived builder compares to know that files it read before are unchanged. (A save that
 * replaces a file changes its inode even within the clock's resolution; an edit in place that
 * keeps the size and sets the modification time back still moves the change time, which no
 * program can set.)
 */
export function fileStamps(files: readonly string[]): string {
  return files
    .map((file) => {
      const stat = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
      return stat ? `${file}\0${stat.size}\0${stat.mtimeNs}\0${stat.ctimeNs}\0${stat.ino}` : `${file}\0-`;
    })
    .join('\n');
}

/** A value worked out from files, with the files' stamps when it was. */
export interface FromFiles<T> {
  stamps: string;
  value: T;
}

/** Where a long-lived builder keeps one stage's value between builds. */
export interface Kept<T> {
  current?: FromFiles<T>;
}

/**
 * The value `make` works out from `files`, or the one kept in `kept` when every file's stamp is
 * what it was then. Without `kept` (a build that keeps nothing) it is simply made. The stamps are
 * taken before `make` reads the files, so a file saved meanwhile is read again next time.
 */
export async function unlessUnchanged<T>(files: readonly string[], kept: Kept<T> | undefined, make: () => Promise<T>): Promise<T> {
  if (!kept) return make();
  const stamps = fileStamps(files);
  if (kept.current?.stamps === stamps) return kept.current.value;
  const value = await make();
  kept.current = { stamps, value };
  return value;
}
