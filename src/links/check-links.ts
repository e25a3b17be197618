import micromatch from 'micromatch';
import type { Entry } from '../content/entry.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { Route } from '../routes/routes.ts';
import { SAFE_URL_EXPECTED, unsafeUrlScheme } from '../safety/unsafe-url.ts';
import { closest } from '../diagnostics/suggest.ts';
import { linkTail, nearbyFiles, nearest, relativeTo, restyled, slashHint } from './hints.ts';
import type { OutputFile } from '../output/write.ts';
import { scanPage, type ScannedLink, type ScannedPage } from '../render/page-scan.ts';
import { reportProblems, type Problem } from './report.ts';
import { folderOf, normalizeUrlPath, pageUrl, type TrailingSlash } from '../core/urls.ts';
import type { Locales } from '../i18n/locales.ts';
import { placeOfUrl } from '../i18n/content-paths.ts';
import { diagnose, say, phrase } from '../diagnostics/catalogue/index.ts';

/** A link to another site: listed for a person or a link checker, never fetched by the build. */
export interface ExternalLink {
  url: string;
  /** How many links on the site's pages point at it. */
  count: number;
  /** The URL path of the first page (in route order) that links to it. */
  firstPage: string;
}

export interface LinkReport {
  diagnostics: Diagnostic[];
  /** Every external http(s) URL the pages link to, sorted. */
  external: ExternalLink[];
  /** The paths of this origin the pages link to that the site declares as another site's (`links.external`), not checked, sorted; `url` is the path. */
  elsewhere: ExternalLink[];
}

type Resolved =
  | { kind: 'ignored' }
  | { kind: 'external'; url: string }
  | {
      kind: 'internal';
      path: string;
      key: string;
      target?: string;
      fragment: string /** The page's URL in the site's style, when the link names a page in the other. */;
      styled?: string;
    }
  | { kind: 'malformed' };

/** Broken links past this many get no did-you-mean hint, which costs a pass over every page. */
const HINT_LIMIT = 20;

/** What a link check is told besides the files and pages (see `checkLinks`). */
export interface CheckOptions {
  trailingSlash?: TrailingSlash;
  drafts?: readonly string[];
  draftFiles?: ReadonlyMap<string, string>;
  /** A multilingual site's locales: a broken link to a page other locales have is `missing-translation-link`. */
  locales?: Locales;
  /** Globs of URL paths that live on another site served at this origin (`links.external`): links to them are counted, not checked. */
  elsewhere?: readonly string[];
  /** The site's code and what MDX pages import: a broken URL a component's code holds is reported at its line there. */
  codeFiles?: readonly string[];
}

/** Pages scanned already, by output path: a map, or a lookup that makes each scan as it is asked for. */
export interface PageScans {
  get(outPath: string): ScannedPage | undefined;
}

/**
 * Checks every link of every page: an internal URL (a path, or an absolute URL on the site's
 * origin) must name a file of the build, and a `#fragment` an id on that page. One scan per page
 * and one map lookup per link, so the cost grows with the size of the site and no faster.
 */
export function checkLinks(
  files: readonly OutputFile[],
  routes: readonly Route[],
  origin: string,
  prescanned?: PageScans,
  /** Output paths of pages that exist but were not rendered (content with mistakes), and of files not made: a link to one holds. */
  unrendered: readonly string[] = [],
  /** The site's URL style (a link to a page in the other style is reported: `trailing-slash`), and the URL paths of the drafts the build left out (a link to one is broken, and the hint says why). */
  options: CheckOptions = {},
): LinkReport {
  const site = linkedSite(files, routes, origin, prescanned, unrendered, options);
  const problems = new Map<Route, Problem[]>();
  const checked = new Set<Entry>();
  for (const route of routes) {
    const page = site.scan(route.outPath);
    // The not-found page is written twice (its URL and 404.html); its links are checked once.
    if (!page || checked.has(route.entry)) continue;
    checked.add(route.entry);
    const found = page.links.flatMap((link) => checkLink(link, route, page, site));
    if (found.length) problems.set(route, found);
  }
  const diagnostics = reportProblems(problems, (route) => site.scan(route.outPath)!, brokenLinkHints(site, routes), options.codeFiles);
  return {
    diagnostics: [...caseClashes(routes), ...diagnostics],
    external: byUrl(site.external.values()),
    elsewhere: byUrl(site.elsewhere.values()),
  };
}

/** A site as its link check sees it: its files and their scans, each URL resolved once, and the links to other sites counted. */
interface LinkedSite {
  trailingSlash: TrailingSlash;
  /** Every file of the build by output path (undefined for those that exist but were not made). */
  contents: Map<string, OutputFile | undefined>;
  /** A file's scan, when it is a page; `keep` keeps it at hand (a page that `#fragment`s name). */
  scan(outPath: string, keep?: boolean): ScannedPage | undefined;
  resolve(url: string, pageUrl: string): Resolved;
  schemeOf(url: string): string | undefined;
  livesElsewhere(key: string): boolean;
  /** By the path a link names: the draft it is, or the draft whose page bundle holds it. */
  draftKeys: Map<string, { draft: string; file: boolean }>;
  untranslated?: (path: string) => { message: string; hint?: string; expected: string } | undefined;
  external: Map<string, ExternalLink>;
  elsewhere: Map<string, ExternalLink>;
}

function linkedSite(
  files: readonly OutputFile[],
  routes: readonly Route[],
  origin: string,
  prescanned: PageScans | undefined,
  unrendered: readonly string[],
  options: CheckOptions,
): LinkedSite {
  const trailingSlash = options.trailingSlash ?? 'never';
  const draftKeys = new Map((options.drafts ?? []).map((url) => [pathKey(url), { draft: url, file: false }]));
  for (const [file, draft] of options.draftFiles ?? []) draftKeys.set(pathKey(`/${file}`), { draft, file: true });
  // Files, not their bytes: a page the build scanned already (`prescanned`, from the render
  // workers or the build cache) is never read again.
  const contents = new Map<string, OutputFile | undefined>([
    ...unrendered.map((path): [string, undefined] => [path, undefined]),
    ...files.map((file): [string, OutputFile] => [file.path, file]),
  ]);
  const siteOrigin = URL.canParse(origin) ? new URL(origin).origin : origin;
  // A page scanned already is asked for as it is checked, not copied here: a build's pages
  // (`Pages.scans` of `runner/render-pages.ts`) make their links anew each time, so that they
  // are not all held at once. One scanned here from its bytes is kept, and so is a `#fragment`'s target.
  const scanned = new Map<string, ScannedPage>();
  const scan = (outPath: string, keep = false): ScannedPage | undefined => {
    let page = scanned.get(outPath) ?? prescanned?.get(outPath);
    if (page) {
      if (keep) scanned.set(outPath, page);
      return page;
    }
    const bytes = contents.get(outPath)?.contents;
    if (bytes !== undefined && outPath.endsWith('.html')) {
      page = scanPage(typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes));
      scanned.set(outPath, page);
    }
    return page;
  };
  // Root-relative and absolute URLs resolve the same from every page: resolve each once.
  const shared = new Map<string, Resolved>();
  const resolve = (url: string, pageUrl: string): Resolved => {
    // Only base-free URLs are ever kept, so a URL found here is one.
    let resolved = shared.get(url);
    if (!resolved) {
      resolved = resolveUrl(url, `${siteOrigin}${pageUrl}`, siteOrigin, contents, trailingSlash);
      if (/^(\/(?!\/)|[a-zA-Z][a-zA-Z0-9+.-]*:)/.test(url)) shared.set(url, resolved);
    }
    return resolved;
  };
  // Most links (menus, footer) are the same strings on every page: judge each string once.
  const schemes = new Map<string, string | undefined>();
  const schemeOf = (url: string) => {
    if (schemes.has(url)) return schemes.get(url);
    const scheme = unsafeUrlScheme(url);
    schemes.set(url, scheme);
    return scheme;
  };
  const untranslated = options.locales?.multilingual ? missingTranslation(routes, options.locales, trailingSlash) : undefined;
  const livesElsewhere = elsewhereMatcher(options.elsewhere ?? []);
  return {
    trailingSlash,
    contents,
    scan,
    resolve,
    schemeOf,
    livesElsewhere,
    draftKeys,
    untranslated,
    external: new Map(),
    elsewhere: new Map(),
  };
}

/** What is wrong with one link of a page, if anything; a link to another site is counted instead. */
function checkLink(link: ScannedLink, route: Route, page: ScannedPage, site: LinkedSite): Problem[] {
  if (site.schemeOf(link.url)) return [{ code: 'unsafe-url', link, expected: SAFE_URL_EXPECTED }];
  const resolved = site.resolve(link.url, route.url);
  const declared = resolved.kind === 'internal' && site.livesElsewhere(resolved.key) ? `/${resolved.key}` : undefined;
  if (resolved.kind === 'external' || declared) {
    const url = declared ?? (resolved as { url: string }).url;
    const seen = declared ? site.elsewhere : site.external;
    const known = seen.get(url);
    if (known) known.count++;
    else seen.set(url, { url, count: 1, firstPage: route.url });
    return [];
  }
  if (resolved.kind === 'malformed') return [{ code: 'broken-link', link, expected: phrase('well-formed-url') }];
  if (resolved.kind !== 'internal') return [];
  if (!resolved.target) {
    const left = site.draftKeys.get(resolved.key);
    const translation = left ? undefined : site.untranslated?.(resolved.path);
    if (translation) return [{ code: 'missing-translation-link', link, ...translation }];
    const hint = left
      ? say('broken-link', left.file ? { draft: left.draft, file: resolved.path } : { draft: resolved.path }).hint
      : undefined;
    return [{ code: 'broken-link', link, expected: phrase('page-or-file'), hint }];
  }
  if (resolved.styled) {
    const ends = site.trailingSlash === 'always' ? 'end in a slash' : 'do not end in a slash';
    return [
      {
        code: 'trailing-slash',
        link,
        expected: phrase('slash-style', { url: resolved.styled, ends, trailingSlash: site.trailingSlash }),
        hint: slashHint(`${resolved.styled}${linkTail(link.url)}`),
      },
    ];
  }
  if (!resolved.fragment || resolved.fragment.toLowerCase() === 'top') return [];
  const target = site.scan(resolved.target, true);
  if (!target || target.ids.has(resolved.fragment)) return [];
  return [
    {
      code: 'broken-anchor',
      link,
      expected: phrase('existing-id', { page: resolved.path }),
      hint: anchorHint(resolved.fragment, target.ids, page.ids),
    },
  ];
}

/** The hints of a site's broken links: a did-you-mean for the first `HINT_LIMIT` that have none, a restyled URL for a relative link in the other style. */
function brokenLinkHints(
  site: LinkedSite,
  routes: readonly Route[],
): (problem: Problem, route: Route, written?: string) => string | undefined {
  let hints = 0;
  const pageUrls = routes.map((route) => route.url);
  const nearby = nearbyFiles(site.contents.keys());
  return (problem, route, written) => {
    // A relative link is corrected as written: `../next` becomes `../next/`.
    if (problem.code === 'trailing-slash' && written) return slashHint(restyled(written, site.trailingSlash));
    if (problem.code !== 'broken-link' || problem.hint || hints++ >= HINT_LIMIT) return problem.hint;
    const resolved = site.resolve(problem.link.url, route.url);
    const near = resolved.kind === 'internal' ? nearby(resolved.path) : undefined;
    // A typo names a page or a file of the same folder; a file of the same name elsewhere is the file meant, however far.
    const suggestion = near && (closest(near.path, [...pageUrls, ...near.inFolder]) ?? nearest(near.path, near.sameName));
    if (!suggestion) return undefined;
    // A relative URL gets a relative suggestion, from the folder of the Markdown file it is written in.
    return say('broken-link', { suggestion, written: written && relativeTo(folderOf(route.entry.relative), suggestion) }).hint;
  };
}

function byUrl(links: Iterable<ExternalLink>): ExternalLink[] {
  return [...links].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

/**
 * Whether a decoded path (an output path's key, `reference/api`) is one the site declares as
 * another site's: `/reference/**` holds `/reference` and everything under it, dot segments too.
 */
function elsewhereMatcher(globs: readonly string[]): (key: string) => boolean {
  if (!globs.length) return () => false;
  const matchers = globs.map((glob) => micromatch.matcher(glob, { dot: true }));
  return (key) => matchers.some((matches) => matches(`/${key}`));
}

/**
 * Pages whose URLs differ only in letter case or Unicode normalization (`Alpha`, `alpha`) work
 * on a case-sensitive host, but overwrite each other when `dist/` is copied to macOS or Windows
 * or served by a case-insensitive host, and a link to one may land on the other.
 */
function caseClashes(routes: readonly Route[]): Diagnostic[] {
  const groups = Map.groupBy(routes, (route) => route.url.normalize('NFC').toLowerCase());
  return [...groups.values()].flatMap((group) => {
    const urls = [...new Set(group.map((route) => route.url))];
    if (urls.length < 2) return [];
    return group
      .filter((route, index) => group.findIndex((other) => other.entry === route.entry) === index)
      .map((route) => ({
        ...diagnose('duplicate-url', { kind: 'case' }),
        file: route.entry.file || undefined,
        line: route.entry.file ? 1 : undefined,
        expected: phrase('distinct-urls'),
        actual: urls.join(', '),
      }));
  });
}

/**
 * What a URL on a page at `base` names: a file of the build (with its fragment), another site, or
 * nothing to check. A page (a folder's `index.html`) named in the other style than the site's is
 * found, and its URL in the site's style given as `styled`.
 */
function resolveUrl(url: string, base: string, siteOrigin: string, contents: ReadonlyMap<string, unknown>, style: TrailingSlash): Resolved {
  // A URL on this machine (`http://localhost:3000` in a tutorial) names a reader's own server,
  // never a page of the published site, so it is neither checked nor listed as another site's,
  // even with a placeholder for its port (`http://localhost:PORT`) that no URL parser reads.
  // (Only a URL written whole: a path resolves against the site's origin, which is local in `site serve`.)
  if (isLoopbackUrl(url)) return { kind: 'ignored' };
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return { kind: 'malformed' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { kind: 'ignored' };
  if (parsed.origin !== siteOrigin) return { kind: 'external', url: parsed.href };
  let path: string;
  let fragment: string;
  try {
    path = decodeURIComponent(parsed.pathname);
    fragment = decodeURIComponent(parsed.hash.slice(1));
  } catch {
    return { kind: 'malformed' };
  }
  // The same lookup `site serve` and static hosts make: the file itself, else the folder's index.html.
  const key = pathKey(path);
  const target = [key, key ? `${key}/index.html` : 'index.html'].find((candidate) => candidate && contents.has(candidate));
  const isPage = key !== '' && target === `${key}/index.html`;
  const styled = isPage && parsed.pathname.endsWith('/') !== (style === 'always') ? pageUrl(parsed.pathname, style) : undefined;
  return { kind: 'internal', path: parsed.pathname, key, target, fragment, styled };
}

/**
 * An http(s) URL written whole whose host is this machine: `localhost`, `127.x.x.x` or `[::1]`,
 * whose brackets Markdown writes percent-encoded (`http://%5B::1%5D:8000/`, as GitHub does). Read
 * from the text, not parsed: whatever follows the host (`:PORT`, `:{{port}}`) does not matter.
 */
function isLoopbackUrl(url: string): boolean {
  const host = /^https?:\/\/(?:[^@/?#]*@)?(\[[^\]/]*\]|%5B[^/?#]*?%5D|[^:/?#]*)/i.exec(url.trim())?.[1];
  return host !== undefined && LOOPBACK_HOSTS.test(host.replace(/^%5B(.*)%5D$/i, '[$1]'));
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** How many of a page's ids a broken anchor's hint lists when none is close to what was written. */
const IDS_LISTED = 8;

/**
 * A did-you-mean for a missing `#id`, else the ids the page has, so the author can pick one. Ids
 * the linking page has too are the layout's (a menu's, a footer's), so the page's own come first.
 */
function anchorHint(fragment: string, ids: ReadonlySet<string>, linkingPageIds: ReadonlySet<string>): string | undefined {
  const suggestion = closest(fragment, [...ids]);
  const own = [...ids].filter((id) => !linkingPageIds.has(id) || ids === linkingPageIds);
  const all = [...own, ...[...ids].filter((id) => !own.includes(id))];
  return say('broken-anchor', { suggestion, ids: all.slice(0, IDS_LISTED), more: Math.max(0, all.length - IDS_LISTED) }).hint;
}

/** A decoded URL path as an output path without its `index.html`: `/a/b/` and `/a/b` are both `a/b`. */
function pathKey(urlPath: string): string {
  return urlPath.split('/').filter(Boolean).join('/');
}

/**
 * For a link to no page, the words of `missing-translation-link` when its path is under a
 * locale (`/de/posts/x`) and the same page exists in other locales (`/posts/x`); undefined otherwise.
 */
function missingTranslation(
  routes: readonly Route[],
  locales: Locales,
  style: TrailingSlash,
): (path: string) => { message: string; hint?: string; expected: string } | undefined {
  const urls = new Set(routes.map((route) => normalizeUrlPath(route.url)));
  return (path) => {
    const place = placeOfUrl(normalizeUrlPath(path), locales);
    const existing = locales.list
      .filter((locale) => locale.code !== place.locale)
      .map((locale) => pageUrl(`${locales.prefix(locale.code)}${place.path}`, style))
      .filter((url) => urls.has(normalizeUrlPath(url)));
    if (!existing.length) return undefined;
    const words = say('missing-translation-link', { locale: place.locale, url: path, existing });
    return { ...words, expected: phrase('page-of-locale', { locale: place.locale }) };
  };
}
