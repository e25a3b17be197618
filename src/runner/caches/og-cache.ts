import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { processRunning } from '../../output/processes.ts';

/** Drawn images kept on disk by their key (see `imageKey`). */
export interface ImageCache {
  /** Whether an image is stored under a key (it was drawn before). Synchronous: asked for every page, and a stat is a few microseconds. */
  has(key: string): boolean;
  write(key: string, png: Uint8Array): Promise<void>;
  /** Keeps what an image's drawing found missing beside it, so a build that reuses the image warns as the one that drew it. */
  writeMissing(key: string, missing: MissingGlyphs): Promise<void>;
  /** What the drawing of the image under a key found missing, if anything. */
  missingOf(key: string): MissingGlyphs | undefined;
  /** The file an image is kept in, for telling a person where to look. */
  fileOf(key: string): string;
}

/** The characters an image shows that none of its fonts has, and the fonts tried (see `DrawnImage`). */
export interface MissingGlyphs {
  missing: string[];
  fonts: string[];
}

/**
 * A cache in a folder: one `<key>.png` per image (and `<key>.missing.json` when it lacks glyphs). Writes go to a temporary name and are renamed
 * into place, so a build running beside another (`site build` and `site serve` at once) never
 * reads half an image. A drawing killed between the two leaves its temporary file: the next
 * cache opened on the folder removes it.
 */
export function imageCache(dir: string): ImageCache {
  removeStaleTemporaries(dir);
  const fileOf = (key: string) => path.join(dir, `${key}.png`);
  const writeAtomically = async (file: string, bytes: Uint8Array | string) => {
    await fs.mkdir(dir, { recursive: true });
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  };
  return {
    fileOf,
    has: (key) => fsSync.existsSync(fileOf(key)),
    write: (key, png) => writeAtomically(fileOf(key), png),
    writeMissing: (key, missing) => writeAtomically(missingFile(dir, key), JSON.stringify(missing)),
    missingOf: (key) => readMissingGlyphs(dir, key),
  };
}

const missingFile = (dir: string, key: string) => path.join(dir, `${key}.missing.json`);

/** What the drawing of the image under a key in the cache folder found missing (see `ImageCache.missingOf`). */
export function readMissingGlyphs(dir: string, key: string): MissingGlyphs | undefined {
  const file = missingFile(dir, key);
  // Most images lack nothing: a stat is cheaper than a failed read.
  if (!fsSync.existsSync(file)) return undefined;
  try {
    return JSON.parse(fsSync.readFileSync(file, 'utf8')) as MissingGlyphs;
  } catch {
    // Unreadable (being replaced, or damaged): the image is redrawn with --force, which rewrites it.
    return undefined;
  }
}

/** A temporary file of `write`: the pid of the process that wrote it, and a random part. */
const TEMPORARY = /^.+\.(?:png|missing\.json)\.(\d+)-[0-9a-f]{8}\.tmp$/;
/** A temporary file older than this belongs to no running drawing, whatever process now has its pid. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Removes the temporary files of drawings that no longer run (killed before their rename); never fails. */
function removeStaleTemporaries(dir: string, now = Date.now()): void {
  let names: string[];
  try {
    names = fsSync.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = TEMPORARY.exec(name)?.[1];
    if (!pid) continue;
    const file = path.join(dir, name);
    const stat = fsSync.statSync(file, { throwIfNoEntry: false });
    if (!stat || (processRunning(Number(pid)) && now - stat.mtimeMs < STALE_AFTER_MS)) continue;
    try {
      fsSync.rmSync(file, { force: true });
    } catch {
      // Litter that cannot go (a read-only cache) is left; it never stops a build.
    }
  }
}
