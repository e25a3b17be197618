import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SMALL_SITE = path.resolve('tests/fixtures/small-site/content');

/**
 * A copy of the small site's content in a fresh temporary folder, with the files of each overlay
 * folder laid over it: `{ root, content }`, where `content` is `root/content`, so reports name
 * files `content/…` as an author sees them. Remove `root` when done.
 */
export function smallSiteWith(...overlays: string[]): { root: string; content: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-fixture-'));
  const content = path.join(root, 'content');
  fs.cpSync(SMALL_SITE, content, { recursive: true });
  for (const overlay of overlays) fs.cpSync(path.resolve(overlay), content, { recursive: true });
  return { root, content };
}
