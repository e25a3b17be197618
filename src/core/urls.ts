/** Whether page URLs end in a slash (see `SiteDefinition.trailingSlash`). */
export type TrailingSlash = 'never' | 'always';

/** A page's URL path in a site's style: `/blog` becomes `/blog/` with `'always'`; the root is `/` either way. */
export function pageUrl(urlPath: string, style: TrailingSlash = 'never'): string {
  const clean = normalizeUrlPath(urlPath);
  return style === 'always' && clean !== '/' ? `${clean}/` : clean;
}

/** The URL a content file is published at (in the site's style), and whether it is a list page (`_name.md`). */
export function urlForContentFile(relative: string, style: TrailingSlash = 'never'): { url: string; listPage: boolean } {
  const parts = relative
    .replace(/\\/g, '/')
    .replace(/\.mdx?$/, '')
    .split('/');
  const name = parts.pop() ?? '';
  const listPage = name.startsWith('_');
  const bare = listPage ? name.slice(1) : name;
  if (bare !== 'index') parts.push(bare);
  return { url: pageUrl(`/${parts.map(urlSegmentOfName).join('/')}`, style), listPage };
}

/**
 * A file or folder name as a URL path segment, percent-encoded where a link written with it
 * would not lead back: `%`, `#` and `?` (`100%` → `100%25`, as Eleventy and browsers write them).
 * A name of one or two dots (`..md`, the shell's `.` command) would be a dot segment, which every
 * URL parser resolves away, `%2E` included; its page is the folder `%2E` (or `%2E%2E`) of the
 * output, at the URL `%252E`, so that it never leaves its folder (see `safety/output-paths.ts`).
 * Other characters (spaces, any Unicode) are escaped by browsers and stay as written.
 */
export function urlSegmentOfName(name: string): string {
  const folder = name === '.' || name === '..' ? name.replaceAll('.', '%2E') : name;
  return folder.replace(/[%#?]/g, (character) => encodeURIComponent(character));
}

/** A URL path with one leading slash and no trailing slash (except the root). */
export function normalizeUrlPath(urlPath: string): string {
  const collapsed = `/${urlPath}`.replace(/\/+/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/** A URL path as a message shows it: decoded (`/commands/100%`, `/시간`), or as it is when it is not valid percent-encoding. */
export function shownUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/**
 * Where a URL's page is written: clean URLs, so `/a/b` becomes `a/b/index.html`; the escapes of
 * `urlSegmentOfName` decoded (`/100%25` → `100%/index.html`), as a host decodes the URL to find the
 * file. An escaped slash, backslash or dot stays as written: `outputPathProblem` refuses them in
 * a URL the site names, and `%252E` is decoded once, to a folder named `%2E`.
 */
export function urlToOutPath(url: string): string {
  const clean = normalizeUrlPath(url).replace(/%(25|23|3F)/gi, (encoded) => decodeURIComponent(encoded));
  return clean === '/' ? 'index.html' : `${clean.slice(1)}/index.html`;
}

/** The last segment of a URL path: the slug of `/projects/acme` is `acme`. */
export function slugOf(url: string): string {
  return normalizeUrlPath(url).split('/').pop() ?? '';
}

/** A URL that depends on the page it is written on: no scheme, not root-relative, not only a fragment. */
export function isRelative(url: string): boolean {
  const trimmed = url.trim();
  return trimmed !== '' && !/^[a-zA-Z][a-zA-Z\d+\-.]*:/.test(trimmed) && !/^[/\\#]/.test(trimmed);
}

/** A relative URL resolved against a root-relative folder (`/posts/hello/`): `./a.png` → `/posts/hello/a.png`; `..` never climbs above the root. */
export function resolveRelative(url: string, folder: string): string {
  const base = new URL(folder.endsWith('/') ? folder : `${folder}/`, 'http://site.invalid');
  let resolved: URL;
  try {
    resolved = new URL(url.trim(), base);
  } catch {
    return url; // unreadable: left as written, for the link check to report
  }
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The root-relative folder of a content file (`posts/hello/index.md` → `/posts/hello/`). */
export function folderOf(relative: string): string {
  const parts = relative.replace(/\\/g, '/').split('/').slice(0, -1);
  return `/${parts.join('/')}${parts.length ? '/' : ''}`;
}
