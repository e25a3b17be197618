import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';

/** A content file as read from disk. */
export interface SourceFile {
  /** Absolute path. */
  file: string;
  /** Path relative to the content folder, with forward slashes. */
  relative: string;
  text: string;
}

/**
 * Reads every Markdown file under the content folder, sorted by path so builds are deterministic.
 * `listed` hears how many there are before they are read.
 */
export async function scanContent(contentDir: string, listed?: (count: number) => void): Promise<SourceFile[]> {
  const relatives = await fg('**/*.md', { cwd: contentDir, onlyFiles: true, dot: false });
  relatives.sort();
  listed?.(relatives.length);
  return Promise.all(
    relatives.map(async (relative) => {
      const file = path.join(contentDir, relative);
      return { file, relative, text: await fs.readFile(file, 'utf8') };
    }),
  );
}
