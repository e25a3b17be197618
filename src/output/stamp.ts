/**
 * Identifies a file's contents without reading them: outputs are only ever replaced, never
 * written in place, so the inode says which version it is; size and mtime catch a hand edit.
 */
export function fileStamp(stat: { ino: number; size: number; mtimeMs: number }): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
}
