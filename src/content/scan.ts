import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { inputBounds, type InputBounds } from '../safety/input-bounds.ts';
import { PAGE_SOURCE } from '../safety/content-types.ts';
import { hardLinkProblems, walkFolder } from './walk.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';

/** A content file as read from disk. */
export interface SourceFile {
  /** Absolute path. */
  file: string;
  /** Path relative to the content folder, with forward slashes. */
  relative: string;
  text: string;
}

/**
 * Reads every Markdown (and MDX) file under the content folder, sorted by path so builds are deterministic,
 * but those `skip` names (files a collection excludes, never read). `listed` hears how many there
 * are before they are read. A link that leads outside the project is never read (an error at the
 * link), nor is a hard link whose other names lie elsewhere; bytes that are not UTF-8 are a
 * warning at their line.
 */
export async function scanContent(
  site: { root: string; contentDir: string; publicDir?: string },
  listed?: (count: number) => void,
  bounds: InputBounds = inputBounds(site),
  skip?: (relative: string) => boolean,
  /** The data files a collection takes (see `content/data-parse.ts`): read too, and returned apart. */
  isData: (relative: string) => boolean = () => false,
): Promise<{ sources: SourceFile[]; data: SourceFile[]; diagnostics: Diagnostic[] }> {
  const walk = walkFolder(site.contentDir, bounds, (relative) => (PAGE_SOURCE.test(relative) || isData(relative)) && !skip?.(relative));
  const hardLinks = hardLinkProblems(walk.files);
  const refused = new Set(hardLinks.map((diagnostic) => diagnostic.file));
  const files = refused.size ? walk.files.filter(({ file }) => !refused.has(file)) : walk.files;
  const pages = files.filter(({ relative }) => PAGE_SOURCE.test(relative));
  listed?.(pages.length);
  const diagnostics = [...walk.diagnostics, ...hardLinks];
  // One synchronous read per file: 10,000 files take 80 ms this way and 400 to 600 ms as
  // concurrent promises (each an open, a stat, reads and a close through the libuv pool).
  const read = ({ file, relative }: { file: string; relative: string }) => {
    const bytes = fs.readFileSync(file);
    if (!isUtf8(bytes)) diagnostics.push(notUtf8(file, bytes));
    return { file, relative, text: bytes.toString('utf8') };
  };
  const sources = pages.map(read);
  const data = files.filter(({ relative }) => !PAGE_SOURCE.test(relative)).map(read);
  return { sources, data, diagnostics };
}

/** A warning at the first line holding bytes that are not UTF-8: they would show as � on the page. */
function notUtf8(file: string, bytes: Buffer): Diagnostic {
  let line = 1;
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    if (!isUtf8(bytes.subarray(start, end))) break;
    line++;
    start = end + 1;
  }
  return {
    ...diagnose('invalid-utf8'),
    file,
    line,
    expected: phrase('utf-8-text'),
    actual: 'bytes of another encoding (Latin-1 or Windows-1252, perhaps)',
  };
}
