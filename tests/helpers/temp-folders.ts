import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';

/** Makes temporary folders named `prefix…` in the system's temporary folder, each removed after the test that made it. */
export function tempFolders(prefix: string): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const folder of made.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(folder);
    return folder;
  };
}

/**
 * A folder for a whole test file, removed after its last test, inside the project (in its
 * git-ignored cache folder), so an example site copied there resolves its packages as it does in place.
 */
export function projectWorkFolder(prefix: string): string {
  fs.mkdirSync(path.resolve('.site-cache'), { recursive: true });
  const work = fs.mkdtempSync(path.resolve('.site-cache', prefix));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  return work;
}
