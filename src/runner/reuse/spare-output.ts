import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SpareFolder } from '../../output/write.ts';

/**
 * The output a `site build` replaced, kept in the build cache (`<cacheDir>/<key>.spare`, one per
 * output folder) for the next build into the same folder to stage its output in (see
 * `SpareFolder` in output/write.ts). Its unchanged files are hard links to the output's own, so
 * keeping it costs the folders and the files that changed; a one-file edit then links, writes and
 * removes a few files instead of every one of them. A cache on another file system than the
 * output cannot take it (no rename across devices): the replaced output is then removed, as
 * without a spare.
 */
export function spareOutput(cacheDir: string, out: string): SpareFolder {
  const folder = path.join(cacheDir, `${hash('sha1', path.resolve(out), 'base64url').slice(0, 20)}.spare`);
  return {
    claim(staging) {
      try {
        fs.renameSync(folder, staging);
        return true;
      } catch {
        return false;
      }
    },
    async keep(replaced) {
      // Only a spare that could not be claimed (across devices) is still there.
      await fs.promises.rm(folder, { recursive: true, force: true });
      await fs.promises.mkdir(cacheDir, { recursive: true });
      return fs.promises.rename(replaced, folder).then(
        () => true,
        () => false,
      );
    },
  };
}
