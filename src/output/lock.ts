import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SiteConfigError } from '../diagnostics/config-error.ts';
import { processRunning, processStart } from './processes.ts';
import { line } from '../diagnostics/catalogue/index.ts';

/** Another build holds the output folder: this one stopped before changing anything. */
export class OutputLockedError extends SiteConfigError {
  override name = 'OutputLockedError';
}

/** The folder the output goes in cannot be written: the build stopped before changing anything. */
export class OutputNotWritableError extends SiteConfigError {
  override name = 'OutputNotWritableError';
}

/**
 * The lock file of an output folder, among the build cache's files (`cacheDir`): not beside the
 * output, so a build that is refused its `--out` (a folder inside the content, say) has written
 * nothing there.
 */
export function lockFile(cacheDir: string, target: string): string {
  return path.join(cacheDir, `${hash('sha1', path.resolve(target), 'base64url').slice(0, 20)}.lock`);
}

/**
 * Takes the output folder `target` for this process until it exits (or `release` is called): a
 * second build into the same folder at once stops at once with `OutputLockedError`, instead of
 * racing the first one's swap. The lock `file` names the holder's pid and start time; a lock
 * whose holder is gone (killed) is taken over.
 */
export function lockOutput(file: string, target: string): () => void {
  const mine = holderText(process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' || attempt > 2) throw error;
      const holder = readHolder(file);
      if (holder ? holderRuns(holder) : justMade(file)) {
        throw new OutputLockedError(line('output-locked', { target, pid: holder?.pid }));
      }
      // The holder was killed: its lock is stale. (Two builds taking over the same stale lock in
      // the same instant could both win; each still swaps whole trees, never a mix.)
      fs.rmSync(file, { force: true });
    }
  }
  const release = () => {
    if (readHolder(file)?.text === mine) fs.rmSync(file, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
}

/** A lock file without a pid yet: its maker may be writing it this instant. */
function justMade(file: string): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && Date.now() - stat.mtimeMs < 2000;
}

function holderText(pid: number): string {
  return `${pid} ${processStart(pid) ?? ''}\n`;
}

function readHolder(file: string): { pid: number; start: string; text: string } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const [pid, start = ''] = text.trim().split(' ');
  return /^\d+$/.test(pid ?? '') ? { pid: Number(pid), start, text } : undefined;
}

/** Whether the process that wrote a lock still runs: same pid, and (where it can be told) the same start, so a reused pid does not count. */
function holderRuns({ pid, start }: { pid: number; start: string }): boolean {
  if (!processRunning(pid)) return false;
  const now = processStart(pid);
  return !start || !now || now === start;
}

/**
 * Rejects, with nothing changed, an output whose folder (or the nearest one of its ancestors that
 * exists) cannot be written: each build writes its next output beside `target` and swaps it in.
 */
export function checkOutputParent(target: string): void {
  let parent = path.dirname(target);
  while (!fs.existsSync(parent) && path.dirname(parent) !== parent) parent = path.dirname(parent);
  try {
    fs.accessSync(parent, fs.constants.W_OK);
  } catch (error) {
    throw new OutputNotWritableError(line('output-not-writable', { parent, errno: (error as NodeJS.ErrnoException).code, target }), {
      cause: error,
    });
  }
}
