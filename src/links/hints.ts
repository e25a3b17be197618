/**
 * The hints of the link check that name a fix: the nearest file to a mistyped path, and a link
 * rewritten in the site's URL style.
 */
import { posix } from 'node:path';
import { editDistance } from '../diagnostics/suggest.ts';
import type { TrailingSlash } from '../core/urls.ts';
import { say } from '../diagnostics/catalogue/index.ts';

/** The hint for a link to a page in the other URL style than the site's. */
export function slashHint(url: string): string | undefined {
  return say('trailing-slash', { url }).hint;
}

/** A URL as written with its path's trailing slash added or removed, its query and fragment kept. */
export function restyled(url: string, style: TrailingSlash): string {
  const tail = linkTail(url);
  const path = url.slice(0, url.length - tail.length);
  // Trailing slashes counted off by hand: a regular expression would backtrack over a long run of them.
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  const bare = path.slice(0, end);
  return `${style === 'always' && !bare.endsWith('/') ? `${bare}/` : bare}${tail}`;
}

/** The query and fragment of a URL, as written. */
export function linkTail(url: string): string {
  return /[?#].*$/s.exec(url)?.[0] ?? '';
}

/**
 * The files a mistyped path may have meant: those of its folder, and those of its name anywhere
 * (an image beside a post, linked from a page that is not in the post's folder).
 */
export function nearbyFiles(outPaths: Iterable<string>): (urlPath: string) => { path: string; inFolder: string[]; sameName: string[] } {
  let byFolder: Map<string, string[]> | undefined;
  let byName: Map<string, string[]> | undefined;
  return (urlPath) => {
    if (!byFolder || !byName) {
      const paths = [...outPaths].filter((outPath) => !outPath.endsWith('.html')).map((outPath) => `/${outPath}`);
      byFolder = Map.groupBy(paths, (url) => posix.dirname(url));
      byName = Map.groupBy(paths, (url) => posix.basename(url).toLowerCase());
    }
    let path = urlPath;
    try {
      path = decodeURIComponent(urlPath);
    } catch {}
    return { path, inFolder: byFolder.get(posix.dirname(path)) ?? [], sameName: byName.get(posix.basename(path).toLowerCase()) ?? [] };
  };
}

/** The candidate nearest to a value, however far (undefined when there is none). */
export function nearest(value: string, candidates: readonly string[]): string | undefined {
  return candidates.map((candidate) => ({ candidate, distance: editDistance(value, candidate) })).sort((a, b) => a.distance - b.distance)[0]
    ?.candidate;
}

/** A root-relative URL written relative to a folder: `/posts/hello/a.png` from `/posts/hello/` is `./a.png`. */
export function relativeTo(folder: string, url: string): string {
  const relative = posix.relative(folder, url);
  return relative.startsWith('../') ? relative : `./${relative}`;
}
