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
  return { url: pageUrl(`/${parts.join('/')}`, style), listPage };
}

/** A URL path with one leading slash and no trailing slash (except the root). */
export function normalizeUrlPath(urlPath: string): string {
  const collapsed = `/${urlPath}`.replace(/\/+/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/** Where a URL's page is written: clean URLs, so `/a/b` becomes `a/b/index.html`. */
export function urlToOutPath(url: string): string {
  const clean = normalizeUrlPath(url);
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
