import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The folder, under a project's root, where drawn social images are kept between builds. */
export const CACHE_FOLDER = '.site-cache/og';

/** Drawn images kept on disk by their key (see `imageKey`). */
export interface ImageCache {
  /** Whether an image is stored under a key (it was drawn before). Synchronous: asked for every page, and a stat is a few microseconds. */
  has(key: string): boolean;
  write(key: string, png: Uint8Array): Promise<void>;
  /** The file an image is kept in, for telling a person where to look. */
  fileOf(key: string): string;
}

/**
 * A cache in a folder: one `<key>.png` per image. Writes go to a temporary name and are renamed
 * into place, so a build running beside another (`site build` and `site serve` at once) never
 * reads half an image.
 */
export function imageCache(dir: string): ImageCache {
  const fileOf = (key: string) => path.join(dir, `${key}.png`);
  return {
    fileOf,
    has: (key) => fsSync.existsSync(fileOf(key)),
    async write(key, png) {
      await fs.mkdir(dir, { recursive: true });
      const temporary = `${fileOf(key)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(temporary, png);
      await fs.rename(temporary, fileOf(key));
    },
  };
}
