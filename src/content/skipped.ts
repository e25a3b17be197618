import fg from 'fast-glob';

/**
 * Names that look like content: Markdown by any of its usual extensions, in any letter case. A
 * file so named that the scan does not read (a dotfile, a file in a dot-folder, `notes.markdown`,
 * `README.MD`) would otherwise be dropped in silence.
 */
const LOOKS_LIKE_CONTENT = '**/*.{md,markdown,mdown,mkd,mkdn,mdx}';

/**
 * The files under the content folder that look like content (see `LOOKS_LIKE_CONTENT`) but that
 * the build does not read, sorted: those neither `read` nor left out on purpose (`excluded`, by
 * a collection's `exclude`). The build counts them in its summary.
 */
export async function skippedContent(
  contentDir: string,
  read: ReadonlySet<string>,
  excluded: (relative: string) => boolean,
): Promise<string[]> {
  const candidates = await fg(LOOKS_LIKE_CONTENT, {
    cwd: contentDir,
    onlyFiles: true,
    dot: true,
    caseSensitiveMatch: false,
    // A link is never followed: a link to `/usr` would be a walk of `/usr` (the scan reports the link itself).
    followSymbolicLinks: false,
    ignore: ['**/node_modules/**'],
  });
  return candidates.filter((relative) => !read.has(relative) && !excluded(relative)).sort();
}
