import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileStamp } from '../../output/stamp.ts';
import { cacheFolder } from '../../core/cache-folder.ts';

/*
 * A build's receipt: what it was asked, the size, modification and change times of every file it
 * could have read, and the stamp of every file it left in the output. A later `site build` with the
 * same request checks the receipt before loading the engine or the site (the way make compares
 * times): when no input moved and the output is as it was left, there is nothing to do, and the
 * check costs a directory listing and a stat per file instead of starting the whole build.
 * Anything that does not match falls through to a full build, which decides for itself. This
 * module stays light on purpose: it runs before anything else is imported.
 */

/** The folder the build cache lives in unless told otherwise, relative to the project. */
export const BUILD_CACHE_FOLDER = cacheFolder('build');

/** Bumped whenever the receipt's shape or what it covers changes. */
const FORMAT = 2;

/**
 * A file as it stood: size, modification and change times in milliseconds (fractional). The
 * change time is the kernel's own: an edit that keeps the size and sets the modification time
 * back (`touch -r`, `utimes`) still moves it, so such an edit is seen (issue 39, hole 9).
 */
type FileState = [size: number, mtimeMs: number, ctimeMs: number];

/** Every file below some folders and some single files, each with its state, as a build found them. */
export interface InputSnapshot {
  /** Folder → [path relative to it, size, mtime, ctime] for every file below it, sorted. */
  folders: [string, [string, ...FileState][]][];
  /** Files outside those folders: [absolute path, size, mtime, ctime], or a size of -1 for a missing file. */
  files: [string, ...FileState][];
}

/** What `site build` prints about a build, kept so an up-to-date build says the same. */
export interface ReceiptSummary {
  pages: number;
  files: number;
  /** Drafts left out. */
  drafts?: number;
  /** Files that look like content but were not read, relative to the content folder. */
  skipped?: string[];
  og?: { drawn: number; reused: number };
  externalLinks: { url: string; count: number; firstPage: string }[];
  /** Links to paths declared as another site's (`links.external`), by path. */
  elsewhereLinks?: { url: string; count: number; firstPage: string }[];
}

export interface Receipt {
  format: number;
  /** What was asked (see `requestKey`). */
  request: string;
  /** The output folder, absolute. */
  out: string;
  inputs: InputSnapshot;
  /** Output file (relative to `out`) → its stamp. */
  outputs: [string, string][];
  summary: ReceiptSummary;
}

/**
 * A key for what a build is asked to do: the caller's own options (output, content folder,
 * origin, …) plus what a site may read from its surroundings: the Node version, the year
 * (footers print it), NODE_ENV and every `SITE_*` environment variable.
 */
export function requestKey(options: readonly unknown[], env: NodeJS.ProcessEnv = process.env): string {
  return hash('sha1', JSON.stringify([FORMAT, process.version, new Date().getFullYear(), ...siteEnvironment(env), options]), 'base64url');
}

/**
 * The environment a site's code may read: NODE_ENV and every `SITE_*` variable (docs/cli.md). A
 * change to any of them changes the receipt's request and the code's fingerprint, so no page
 * rendered under other values is reused.
 */
export function siteEnvironment(env: NodeJS.ProcessEnv = process.env): [string, [string, string | undefined][]] {
  const siteEnv = Object.keys(env)
    .filter((name) => name.startsWith('SITE_'))
    .sort()
    .map((name): [string, string | undefined] => [name, env[name]]);
  return [env.NODE_ENV ?? '', siteEnv];
}

/** Where the receipt of builds into `out` is kept, beside the build state in `cacheDir`. */
export function receiptFile(cacheDir: string, out: string): string {
  return path.join(cacheDir, `${hash('sha1', path.resolve(out), 'base64url').slice(0, 20)}.receipt.json`);
}

/**
 * The folders `upToDate` listed in this process, each handed once to the snapshot of the build
 * that follows when it found a change (a one-file edit lists the content folder once, not twice).
 * Listed earlier than the snapshot would have been, and still before any content is read, so a
 * file edited meanwhile differs from the receipt next time: it can only cost a build, never hide one.
 */
const listedEarlier = new Map<string, [string, ...FileState][]>();

/** Lists and stats every file below `folders` and each of `files`. */
export function takeSnapshot(folders: readonly string[], files: readonly string[]): InputSnapshot {
  return {
    folders: [...new Set(folders)].map((dir) => [dir, takeListed(dir) ?? listFolder(dir)]),
    files: [...new Set(files)].map((file) => [file, ...stateOf(file)]),
  };
}

/** The snapshot's files with a change time after `since` (ms since the epoch): changed while a build ran. */
export function changedSince(snapshot: InputSnapshot, since: number): string[] {
  return [
    ...snapshot.folders.flatMap(([dir, entries]) => entries.filter(([, , , ctime]) => ctime > since).map(([file]) => path.join(dir, file))),
    ...snapshot.files.filter(([, , , ctime]) => ctime > since).map(([file]) => file),
  ];
}

/** Writes a receipt atomically, so a reader sees the old one or the new one. */
export function writeReceipt(file: string, receipt: Omit<Receipt, 'format'>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ format: FORMAT, ...receipt }));
  fs.renameSync(temporary, file);
}

/** Removes a receipt, so the output it describes is built again however its files look. */
export function dropReceipt(file: string): void {
  fs.rmSync(file, { force: true });
}

/**
 * The summary of the last build into `out` when nothing has changed since: same request, same
 * files in the same states below the same folders, and every output file still the one it wrote.
 * Undefined otherwise (no receipt, or anything moved).
 */
export function upToDate(file: string, request: string, out: string): ReceiptSummary | undefined {
  let receipt: Receipt;
  try {
    receipt = JSON.parse(fs.readFileSync(file, 'utf8')) as Receipt;
  } catch {
    return undefined;
  }
  if (receipt.format !== FORMAT || receipt.request !== request || receipt.out !== path.resolve(out)) return undefined;
  const { folders, files } = receipt.inputs;
  listedEarlier.clear();
  for (const [dir, entries] of folders) {
    const listed = listFolder(dir);
    listedEarlier.set(dir, listed);
    if (!sameEntries(listed, entries)) return undefined;
  }
  for (const [input, ...state] of files) if (!sameState(stateOf(input), state)) return undefined;
  for (const [output, stamp] of receipt.outputs) if (stampOf(path.join(receipt.out, output)) !== stamp) return undefined;
  return receipt.summary;
}

function takeListed(dir: string): [string, ...FileState][] | undefined {
  const listed = listedEarlier.get(dir);
  listedEarlier.delete(dir);
  return listed;
}

function sameEntries(now: readonly (readonly [string, ...FileState])[], then: readonly (readonly [string, ...FileState])[]): boolean {
  if (now.length !== then.length) return false;
  return now.every(([file, ...state], i) => {
    const [thenFile, ...thenState] = then[i]!;
    return file === thenFile && sameState(state, thenState);
  });
}

function sameState(now: readonly number[], then: readonly number[]): boolean {
  return now.length === then.length && now.every((value, i) => value === then[i]);
}

/**
 * Every file below `dir`, sorted; a missing folder lists nothing. Folders are read one at a time
 * with their entries' types, and a link is never followed: Node's `recursive` listing follows
 * links to folders, so a link to `/usr` (whose `bin/X11` leads back to `.`) listed without end,
 * and a link to `.` ended in a bare ELOOP, before any check of links had run (issue 39, hole 2).
 * A link is an entry like a file; the build that follows judges it (`checkLink`), and only a
 * build whose links all passed leaves a receipt.
 */
function listFolder(dir: string): [string, ...FileState][] {
  const files: [string, ...FileState][] = [];
  const visit = (folder: string, prefix: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = folder + path.sep + entry.name;
      if (entry.isDirectory()) visit(full, `${prefix}${entry.name}${path.sep}`);
      else files.push([prefix + entry.name, ...stateOf(full)]);
    }
  };
  visit(dir, '');
  return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * One lstat per file. A link also gets one stat of what it leads to (never a listing, so bounded
 * whatever that is): an edit of a template that a link in `templates/` leads to is seen, and the
 * latest change time of the two sees a link pointed elsewhere.
 */
function stateOf(file: string): FileState {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat) return [-1, 0, 0];
  if (!stat.isSymbolicLink()) return [stat.size, stat.mtimeMs, stat.ctimeMs];
  let target: fs.Stats | undefined;
  try {
    target = fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    // A loop (ELOOP) or a target that cannot be read: the link's own state stands for it.
  }
  return target ? [target.size, target.mtimeMs, Math.max(stat.ctimeMs, target.ctimeMs)] : [stat.size, stat.mtimeMs, stat.ctimeMs];
}

function stampOf(file: string): string | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? fileStamp(stat) : undefined;
}
