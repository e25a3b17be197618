import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { cacheFolder } from '../../core/cache-folder.ts';
import type { EncodedVariant } from '../../images/encode.ts';
import type { ImageBuildOptions, VariantStore } from '../../images/prepare.ts';
import { extensionOf, type VariantFormat } from '../../site/image-options.ts';
import type { SiteDefinition } from '../../site/definition.ts';

/** What `index.json` of a cached image records; the variants' bytes sit beside it. */
interface CachedIndex {
  fallback: 'jpeg' | 'png';
  variants: Array<{ format: VariantFormat; width: number; height: number; file: string }>;
}

/** Encoded images kept on disk by key (see `VariantStore`). */
export interface VariantCache extends VariantStore {
  /** The folder an image is kept in. */
  folderOf(key: string): string;
}

/** A site's cache of encoded variants: the folder its build options name, else `.site-cache/images` in its root. */
export function variantCacheOf(site: Pick<SiteDefinition, 'root'>, options: ImageBuildOptions = {}): VariantCache {
  return variantCache(options.cacheDir ?? path.join(site.root, cacheFolder('images')));
}

/**
 * A cache in a folder: one `<key>/` folder per source image, holding `index.json` and one file per
 * variant. A folder is written under a temporary name and renamed into place whole, so a build
 * running beside another (`site build` and `site serve` at once) sees an image completely or not at
 * all; when two builds encode the same image, the first rename wins and the other's copy is dropped.
 */
export function variantCache(dir: string): VariantCache {
  const folderOf = (key: string) => path.join(dir, key);
  return {
    folderOf,
    async read(key) {
      const folder = folderOf(key);
      try {
        const index = JSON.parse(await fs.readFile(path.join(folder, 'index.json'), 'utf8')) as CachedIndex;
        const variants = await Promise.all(
          index.variants.map(
            async ({ file, ...variant }): Promise<EncodedVariant> => ({ ...variant, bytes: await fs.readFile(path.join(folder, file)) }),
          ),
        );
        return { fallback: index.fallback, variants };
      } catch {
        // Folders appear whole (see below), so a folder that is there but unreadable was damaged
        // from outside: remove it, so the image is encoded and stored again.
        const present = await fs.stat(folder).then(
          () => true,
          () => false,
        );
        if (present) await fs.rm(folder, { recursive: true, force: true });
        return undefined;
      }
    },
    async write(key, image) {
      await fs.mkdir(dir, { recursive: true });
      const folder = folderOf(key);
      const temporary = `${folder}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      await fs.mkdir(temporary);
      try {
        const index: CachedIndex = { fallback: image.fallback, variants: [] };
        for (const variant of image.variants) {
          const file = `${variant.width}.${extensionOf(variant.format)}`;
          await fs.writeFile(path.join(temporary, file), variant.bytes);
          index.variants.push({ format: variant.format, width: variant.width, height: variant.height, file });
        }
        await fs.writeFile(path.join(temporary, 'index.json'), JSON.stringify(index));
        await fs.rename(temporary, folder).catch((error: NodeJS.ErrnoException) => {
          // Another build put the same image in place first; its copy is as good as ours.
          if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
        });
      } finally {
        await fs.rm(temporary, { recursive: true, force: true });
      }
    },
  };
}
