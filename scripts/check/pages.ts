import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import micromatch from 'micromatch';

/**
 * Maps between the HTML files of a built site and the URL paths a static host serves them at,
 * with the clean URLs `site build` writes: index.html → '/', about/team/index.html → '/about/team',
 * 404.html → '/404'.
 */

/** URL path of a built HTML file, given its path relative to dist/. */
export function urlPathOf(relativeFile: string): string {
  const posix = relativeFile.split(path.sep).join('/');
  const withoutIndex = posix.replace(/(^|\/)index\.html$/, '');
  return `/${withoutIndex.replace(/\.html$/, '')}`.replace(/\/$/, '') || '/';
}

/** URL paths of every HTML page in a built site, sorted so reports are stable. */
export async function listPages(distDir: string): Promise<string[]> {
  const files = await fg('**/*.html', { cwd: distDir, onlyFiles: true });
  return files.map(urlPathOf).sort();
}

/** The file a page was built into (the inverse of urlPathOf). */
export function pageFile(distDir: string, page: string): string {
  if (page === '/') return path.join(distDir, 'index.html');
  const relative = page.replace(/^\//, '');
  const folderIndex = path.join(distDir, relative, 'index.html');
  return fs.existsSync(folderIndex) ? folderIndex : path.join(distDir, `${relative}.html`);
}

/** The pages matching any of the patterns (globs over URL paths: '/projects/**', '/about/*'). */
export function selectPages(pages: string[], patterns: string[]): string[] {
  if (patterns.length === 0) return pages;
  return pages.filter((page) => micromatch.isMatch(page, patterns));
}
