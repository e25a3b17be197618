import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkOutputParent } from './lock.ts';
import { checkReplaceable } from './replace-checks.ts';
import { removeAbandonedSideFolders, sideFolder } from './side-folders.ts';
import { fileStamp } from './stamp.ts';
import { confinedPath, writeFailure } from './write-guards.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

/** One file of the build output, its path relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/**
 * A file of the output whose bytes are in a file on disk (a social image in the image cache):
 * copied from there when written, read each time they are asked for otherwise, never kept, so
 * ten thousand of them do not sit in memory together (about 40 KB each).
 */
export class FileFromDisk implements OutputFile {
  readonly path: string;
  readonly source: string;
  /** Changes whenever the bytes do (a social image's cache key), so they need not be read to be compared with the last build's. */
  readonly hash: string;
  constructor(path: string, source: string, hash: string) {
    this.path = path;
    this.source = source;
    this.hash = hash;
  }
  get contents(): Uint8Array {
    return fsSync.readFileSync(this.source);
  }
}

/** Where a finished build goes. */
export interface Writer {
  write(files: readonly OutputFile[]): Promise<void>;
  /** The output as the last build left it, for builds that write only what changed (optional). */
  readonly current?: CurrentOutput;
}

/** What an incremental build needs of the output it updates. */
export interface CurrentOutput {
  /** Names the output (its folder), keying the build cache kept for it on disk; absent for output that does not outlive the process. */
  readonly location?: string;
  /**
   * A stamp of a file as it is now, which changes whenever the file is replaced or modified;
   * undefined when it is missing. Synchronous: a build stamps every file of the last output, and
   * 7,500 stats cost about a quarter of the CPU time one after another that they cost as promises.
   */
  stamp(path: string): string | undefined;
  /** The bytes of a file of the current output. */
  read(path: string): Uint8Array;
  /**
   * Makes the output `files` plus the `kept` files carried over unchanged from the current
   * output, as atomically as `write`, and answers the stamp of each file written (or of a kept
   * one whose stamp changed on the way). A kept file that
   * has gone missing meanwhile (another build swapped the output) rejects with `OutputChangedError`.
   */
  update(files: readonly OutputFile[], kept: readonly string[]): Promise<Map<string, string>>;
  /** Starts the next output beside the current one, for writing pages as they are rendered (optional). */
  stage?(): Staging;
}

/** The next output, filled while the build runs and made the output only on `commit`. */
export interface Staging {
  /** Writes a file into the staging area now (so its bytes need not stay in memory); resolves to its stamp. */
  put(file: OutputFile): Promise<string>;
  /** The staging folder, when it is on disk: another thread may write files into it with `writeStagedFileSync` and then `adopt` them. */
  readonly dir?: string;
  /** Takes a file another thread wrote into `dir` as if it had been `put`. */
  adopt?(path: string): void;
  /** Reads back a file put earlier. */
  read(path: string): Uint8Array;
  /**
   * Writes `files`, carries `kept` over from the current output, and makes it all the output (as
   * `update`, in one swap); resolves to the stamps of what it wrote or copied.
   */
  commit(files: readonly OutputFile[], kept: readonly string[]): Promise<Map<string, string>>;
  /** Removes what was staged, unless it was committed. */
  discard(): Promise<void>;
}

/** A file an incremental build meant to keep was replaced or removed by someone else meanwhile. */
export class OutputChangedError extends Error {}

/** Keeps the output in memory: for tests and the dev server. */
export function memoryWriter(): Writer & { files: Map<string, Uint8Array>; current: CurrentOutput } {
  const files = new Map<string, Uint8Array>();
  // A file's stamp is the identity of its bytes: kept files keep the same array.
  const ids = new WeakMap<Uint8Array, number>();
  let next = 0;
  const stampOf = (bytes: Uint8Array) => {
    let id = ids.get(bytes);
    if (id === undefined) ids.set(bytes, (id = ++next));
    return String(id);
  };
  return {
    files,
    async write(output) {
      files.clear();
      for (const file of output) files.set(file.path, toBytes(file.contents));
    },
    current: {
      stamp(path) {
        const bytes = files.get(path);
        return bytes ? stampOf(bytes) : undefined;
      },
      read(path) {
        const bytes = files.get(path);
        if (!bytes) throw new OutputChangedError(phrase('output-file-gone', { path }));
        return bytes;
      },
      async update(output, kept) {
        const carried = kept.map((path) => [path, this.read(path)] as const);
        files.clear();
        for (const [path, bytes] of carried) files.set(path, bytes);
        const stamps = new Map<string, string>();
        for (const file of output) {
          const bytes = toBytes(file.contents);
          files.set(file.path, bytes);
          stamps.set(file.path, stampOf(bytes));
        }
        return stamps;
      },
    },
  };
}

function toBytes(contents: string | Uint8Array): Uint8Array {
  return typeof contents === 'string' ? Buffer.from(contents) : contents;
}

export interface DiskWriterOptions {
  /** Refuse (`OutputShrinkError`, nothing written) to replace an output with one of fewer than half its pages (default false; `site build` sets it unless `--allow-shrink`). */
  guardShrink?: boolean;
  /** Told of a folder a killed build left beside the output that could not be removed (it is left for later). */
  onStuck?: (folder: string, error: Error) => void;
  /** Where the output a build replaces is kept, to stage the next build in (see `SpareFolder`); without it, it is removed. */
  spare?: SpareFolder;
}

/**
 * A place that keeps the output a build replaced, so that the next build stages its output in
 * that folder rather than in an empty one: most of its files are then already there (hard links
 * to the output's own), and only what differs is written, linked or removed. Whatever the folder
 * holds, the staging checks it file by file (see `alignStaging`), so a stale or partial one only
 * costs more writes.
 */
export interface SpareFolder {
  /** Moves the kept folder to `staging` (which does not exist); false when there is none. */
  claim(staging: string): boolean;
  /** Takes `folder` (an output replaced, or a staging not committed) to keep; false when it cannot, and it is to be removed. */
  keep(folder: string): Promise<boolean>;
}

/**
 * Writes the output to a folder beside the target, then swaps it into place with renames, so
 * the target is either the previous build or the new one, never half of each. Folders that
 * killed builds left beside the target are removed first (see `removeAbandonedSideFolders`).
 */
export function diskWriter(outDir: string, options: DiskWriterOptions = {}): Writer & { current: CurrentOutput & { stage(): Staging } } {
  const target = path.resolve(outDir);
  checkOutputParent(target);
  removeAbandonedSideFolders(target, Date.now(), options.onStuck);
  const stage = () => diskStaging(target, options.guardShrink === true, options.spare);
  const update = async (output: readonly OutputFile[], kept: readonly string[]) => {
    const staging = stage();
    try {
      return await staging.commit(output, kept);
    } finally {
      await staging.discard();
    }
  };
  return {
    async write(output) {
      await update(output, []);
    },
    current: {
      location: target,
      stamp(file) {
        const stat = fsSync.statSync(confinedPath(target, file), { throwIfNoEntry: false });
        return stat && fileStamp(stat);
      },
      read(file) {
        const absolute = confinedPath(target, file);
        try {
          return fsSync.readFileSync(absolute);
        } catch (error) {
          throw new OutputChangedError(phrase('output-file-unreadable', { file, target, reason: (error as Error).message }), {
            cause: error,
          });
        }
      },
      update,
      stage,
    },
  };
}

/**
 * A staging folder beside the target, created on first use or made of the spare (see
 * `SpareFolder`): new files are written into it as they come, kept ones hard-linked from the target (or copied where links are not possible),
 * and `commit` swaps it in with two renames. Every build swaps the whole tree, however few files
 * changed: renaming changed files into the output one by one would leave a mix of two builds to
 * whoever reads it meanwhile, or after a kill (docs/cli.md says what is promised).
 */
function diskStaging(target: string, guardShrink: boolean, spare: SpareFolder | undefined): Staging {
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = sideFolder(target, 'tmp', suffix);
  // A staging that starts as the spare holds files already: each is replaced, never written
  // through, for it may be a hard link to the same file of the output.
  const prefilled = spare?.claim(staging) === true;
  // Nor written through a link it holds, where a page's folder is: the writes below follow folders.
  if (prefilled) removeLinksSync(staging);
  let committed = false;
  const folders = new Map<string, Promise<unknown>>();
  const inStaging = (file: string) => confinedPath(staging, file, target);
  // Each folder is made once, however many files go into it at once.
  const folderOf = (file: string) => {
    const folder = path.dirname(inStaging(file));
    let made = folders.get(folder);
    if (!made) folders.set(folder, (made = fs.mkdir(folder, { recursive: true })));
    return made;
  };
  const placed = new Set<string>();
  const put = async (file: OutputFile) => {
    const destination = inStaging(file.path);
    await folderOf(file.path).catch(async () => {
      makeWaySync(staging, destination);
      await fs.mkdir(path.dirname(destination), { recursive: true });
    });
    await replacing(staging, destination, () => writeNew(file, destination));
    placed.add(file.path);
    return fileStamp(await fs.stat(destination));
  };
  return {
    put: (file) => put(file).catch((error: unknown) => Promise.reject(writeFailure(error, target))),
    dir: staging,
    adopt: (file) => void placed.add(file),
    read: (file) => fsSync.readFileSync(inStaging(file)),
    commit: (output, kept) => commit(output, kept).catch((error: unknown) => Promise.reject(writeFailure(error, target))),
    // After a commit the folder is the target, and there is nothing left here to remove; a staging
    // not committed is as good a spare as any (see `SpareFolder`).
    discard: async () => {
      if (committed) return;
      if (!(await keepAsSpare(spare, staging))) await fs.rm(staging, { recursive: true, force: true });
    },
  };

  async function commit(output: readonly OutputFile[], kept: readonly string[]): Promise<Map<string, string>> {
    checkReplaceable(target, guardShrink ? new Set([...placed, ...output.map((file) => file.path), ...kept]) : undefined);
    const stamps = new Map<string, string>();
    await fs.mkdir(staging, { recursive: true });
    const fresh = new Set([...placed, ...output.map((file) => file.path)]);
    const already = prefilled ? alignStaging(staging, target, new Set(kept), fresh) : undefined;
    await forEachLimited(kept, 64, async (file) => {
      if (already?.has(file)) return;
      await folderOf(file);
      const copied = await carryOver(confinedPath(target, file), inStaging(file));
      if (copied) stamps.set(file, fileStamp(await fs.stat(inStaging(file))));
    });
    await forEachLimited(output, 64, async (file) => stamps.set(file.path, await put(file)));
    const previous = sideFolder(target, 'old', suffix);
    const hadPrevious = await fs.rename(target, previous).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    // A kill between these two renames leaves no target: the next build (see
    // `removeAbandonedSideFolders`) puts the old output back before anything else.
    await fs.rename(staging, target).catch(async (error: unknown) => {
      if (hadPrevious) await fs.rename(previous, target);
      throw error;
    });
    committed = true;
    // The new output is in place; an old one that will not go is litter the next build removes.
    if (hadPrevious && !(await keepAsSpare(spare, previous))) await fs.rm(previous, { recursive: true, force: true }).catch(() => {});
    return stamps;
  }
}

/** Gives `folder` to the spare, if there is one and it takes it. */
async function keepAsSpare(spare: SpareFolder | undefined, folder: string): Promise<boolean> {
  if (!spare || !fsSync.existsSync(folder)) return false;
  return spare.keep(folder).catch(() => false);
}

/** Writes `file` at `destination`, which must not exist yet (`EEXIST` otherwise: see `replacing`). */
function writeNew(file: OutputFile, destination: string): Promise<void> {
  return file instanceof FileFromDisk
    ? fs.copyFile(file.source, destination, fsSync.constants.COPYFILE_EXCL)
    : fs.writeFile(destination, file.contents, { flag: 'wx' });
}

/**
 * Writes one file into a staging folder from any thread, synchronously: each render thread writes
 * the pages it renders (a worker's then never cross to the main thread). Measured on ext4 with
 * 10,000 pages: the same writes through the libuv pool cost twice the system time, its threads
 * contending for the same folders. Returns the file's stamp, for the staging's `adopt`.
 */
export function writeStagedFileSync(dir: string, file: OutputFile): string {
  const destination = confinedPath(dir, file.path);
  try {
    fsSync.mkdirSync(path.dirname(destination), { recursive: true });
    fsSync.writeFileSync(destination, file.contents, { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
    // A staging made from the spare holds the last output's files, hard links to the output's
    // own: each is replaced, never written through, and a file where a folder is now wanted goes.
    makeWaySync(dir, destination);
    fsSync.mkdirSync(path.dirname(destination), { recursive: true });
    fsSync.writeFileSync(destination, file.contents, { flag: 'wx' });
  }
  return fileStamp(fsSync.statSync(destination));
}

/** Removes what stands at `destination` in the staging folder `dir`, and any file where one of its folders should be. */
function makeWaySync(dir: string, destination: string): void {
  const parts = path.relative(dir, destination).split(path.sep);
  for (let depth = 1; depth < parts.length; depth++) {
    const folder = path.join(dir, ...parts.slice(0, depth));
    const stat = fsSync.lstatSync(folder, { throwIfNoEntry: false });
    if (!stat) break;
    if (!stat.isDirectory()) fsSync.unlinkSync(folder);
  }
  fsSync.rmSync(destination, { recursive: true, force: true });
}

/** Removes every entry below `folder` that is neither a file nor a folder (a link, followed by none). */
function removeLinksSync(folder: string): void {
  for (const entry of fsSync.readdirSync(folder, { withFileTypes: true })) {
    const here = folder + path.sep + entry.name;
    if (entry.isDirectory()) removeLinksSync(here);
    else if (!entry.isFile()) fsSync.unlinkSync(here);
  }
}

/** Whether two paths name the same file: the same inode on the same device. */
function sameFile(a: string, b: string): boolean {
  const [first, second] = [fsSync.lstatSync(a), fsSync.lstatSync(b, { throwIfNoEntry: false })];
  return second !== undefined && first.ino === second.ino && first.dev === second.dev;
}

/** Runs `write`, which creates `destination` exclusively; what stands in its way is removed first (see `makeWaySync`) and `write` run again. */
async function replacing(dir: string, destination: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
    makeWaySync(dir, destination);
    await fs.mkdir(path.dirname(destination), { recursive: true });
    await write();
  }
}

/**
 * Makes a staging that started as the spare hold nothing but the next output: files beyond
 * `kept` and `fresh` (the files written this build, or to be) are removed, and so are the folders
 * none of them needs. Answers the kept files already the same file as the target's (the same
 * inode on the same device: a hard link the last build made), which need not be linked again; a
 * kept file's other version is removed, to be linked afresh.
 */
function alignStaging(staging: string, target: string, kept: ReadonlySet<string>, fresh: ReadonlySet<string>): Set<string> {
  const same = new Set<string>();
  const needed = new Set<string>();
  for (const file of [...kept, ...fresh])
    for (let folder = path.dirname(file); folder !== '.' && !needed.has(folder); folder = path.dirname(folder)) needed.add(folder);
  const unneeded: string[] = [];
  // Synchronous calls, one file after another: thousands of stats as promises cost several times
  // more. A link is an entry like a file, never followed: removing it leaves what it leads to.
  const visit = (folder: string, prefix: string) => {
    for (const entry of fsSync.readdirSync(folder, { withFileTypes: true })) {
      const here = folder + path.sep + entry.name;
      const relative = prefix + entry.name;
      if (entry.isDirectory()) {
        visit(here, `${relative}/`);
        if (!needed.has(relative)) unneeded.push(relative);
      } else if (fresh.has(relative)) continue;
      else if (kept.has(relative) && sameFile(here, path.join(target, relative))) same.add(relative);
      else fsSync.unlinkSync(here);
    }
  };
  visit(staging, '');
  // Listed after what they hold, so each is empty by then.
  for (const folder of unneeded) fsSync.rmdirSync(path.join(staging, folder));
  return same;
}

/** Hard-links a kept file into the staging folder; resolves to true when it had to be copied instead (a new inode, so a new stamp). */
async function carryOver(from: string, to: string): Promise<boolean> {
  try {
    await fs.link(from, to);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new OutputChangedError(phrase('output-file-disappeared', { file: from }), { cause: error });
    // File systems without hard links (or links across devices) get a copy.
    await fs.copyFile(from, to);
    return true;
  }
}

/** Runs an async task over items with at most `limit` at once, so thousands of files do not exhaust file handles. */
export async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
