import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Route } from '../content/entry.ts';
import { digest } from '../core/digest.ts';
import { normalizeUrlPath } from '../core/urls.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';
import { localesOf } from '../i18n/locales.ts';
import { forEachLimited, type OutputFile } from '../output/write.ts';
import type { SiteDefinition } from '../site/definition.ts';
import { asksNoindex, indexedCopy } from './indexed-copy.ts';
import { FIELD_KEY, searchOptions, type SearchFields, type SearchOptions } from '../site/search-options.ts';

/** Where the index is published: the folder `pagefind.js` is loaded from (see `client/search.ts`). */
export const SEARCH_FOLDER = 'pagefind';
/** The file whose kept `source` says what the last index was made from. */
export const ENTRY_FILE = `${SEARCH_FOLDER}/pagefind-entry.json`;
/**
 * What Pagefind's JS API loads: its script and worker, the entry, each language's WebAssembly and
 * index. Pagefind's own UIs and the highlighter are not published: the island is ours.
 */
const PUBLISHED =
  /^(?:pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[^/]+\.pagefind|pagefind\.[^/]+\.pf_meta|(?:fragment|index|filter)\/[^/]+)$/;

/** Files Pagefind names by a hash of their bytes (the index, its fragments, filters and metadata): cached as immutable. */
const CONTENT_HASHED = /^pagefind\/(?:pagefind\.[^/]+\.pf_meta|(?:fragment|index|filter)\/[^/]+)$/;

/** The search stage's outcome: the index's files, and what the writer keeps so the next build can reuse them. */
export interface SearchStage {
  files: OutputFile[];
  /** Those of `files` whose names change whenever their bytes do. */
  hashed: OutputFile[];
  /** The index's key, kept with its entry file (see `WriteContext.sources`). */
  sources: Array<{ outPath: string; key: string }>;
  /** Pages indexed, and whether the last build's index was reused because none of them changed. */
  indexed: number;
  reused: boolean;
  diagnostics: Diagnostic[];
}

/** What the search stage reads of the pages and of the last build. */
export interface SearchInput {
  routes: readonly Route[];
  /** The rendered or carried pages, by output path. */
  pages: { files: readonly OutputFile[]; hashes: ReadonlyMap<string, string> };
  /** The last build's index, when it was made under this key (see `WriteContext.sources`) and is still in the output: the runner's. */
  carried?(key: string): Promise<OutputFile[] | undefined>;
}

const NONE: SearchStage = { files: [], hashed: [], sources: [], indexed: 0, reused: false, diagnostics: [] };
const withHashed = (files: OutputFile[]) => ({ files, hashed: files.filter((file) => CONTENT_HASHED.test(file.path)) });

/**
 * Builds the site's search index with Pagefind from the rendered pages in memory, when the site
 * has `search`. Never indexed: drafts, hidden and `noindex` pages, the 404 pages, fallback copies
 * (redirect pages are not routes). When no indexed page changed since the last build into this output, that build's
 * index is carried over unread.
 */
export async function indexSite(site: SiteDefinition, { routes, pages, carried: carry }: SearchInput): Promise<SearchStage> {
  const options = searchOptions(site.search);
  if (!options) return NONE;
  const byPath = new Map(pages.files.map((file) => [file.path, file]));
  const chosen = indexedRoutes(site, routes, options);
  const fields = new Map<Route, SearchFields | undefined>();
  const diagnostics: Diagnostic[] = [];
  for (const route of chosen) {
    const found = pageFields(route, options);
    if (typeof found === 'string') diagnostics.push(fieldProblem(route, found));
    else fields.set(route, found);
  }
  if (diagnostics.length) return { ...NONE, diagnostics };

  const key = digest(
    JSON.stringify([
      pagefindVersion(),
      options.exclude ?? [],
      chosen.map((route) => [route.url, route.outPath, pages.hashes.get(route.outPath) ?? '', fields.get(route) ?? null]),
    ]),
  );
  const carried = await carry?.(key);
  const sources = [{ outPath: ENTRY_FILE, key }];
  if (carried) return { ...withHashed(carried), sources, indexed: chosen.length, reused: true, diagnostics: [] };

  const entries: Array<{ url: string; html: string }> = [];
  for (const route of chosen) {
    const file = byPath.get(route.outPath);
    if (!file) continue;
    const html = typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8');
    // A template may ask robots not to index a page itself.
    if (asksNoindex(html)) continue;
    entries.push({ url: route.url, html: indexedCopy(html, fields.get(route)) });
  }
  const made = await runPagefind(entries, options);
  if ('error' in made) return { ...NONE, diagnostics: [{ ...diagnose('search-index-failed', { reason: made.error }), field: 'search' }] };
  return { ...withHashed(made.files), sources, indexed: entries.length, reused: false, diagnostics: [] };
}

/**
 * The pages a search may find: published, visible, not a 404 page (the site's, nor a locale's
 * `/de/404`), not a page a locale shows in place of a missing translation (`i18n.fallback`: a copy
 * whose canonical is the original, indexed in its own locale), and those the site's `include` keeps.
 */
export function indexedRoutes(
  site: Pick<SiteDefinition, 'notFound' | 'lang' | 'i18n'>,
  routes: readonly Route[],
  options: SearchOptions,
): Route[] {
  const notFound = notFoundUrls(site);
  return routes.filter(
    (route) =>
      !route.entry.draft &&
      !route.entry.hidden &&
      !route.noindex &&
      route.entry.fallbackOf === undefined &&
      !notFound.has(normalizeUrlPath(route.url)) &&
      (options.include ? options.include(route.entry) !== false : true),
  );
}

/** The not-found page's URL, and each prefixed locale's (as `planRoutes` draws `de/404.html` from `/de/404`). */
function notFoundUrls(site: Pick<SiteDefinition, 'notFound' | 'lang' | 'i18n'>): Set<string> {
  const locales = localesOf(site);
  // Without a `notFound`, the page at /404 is the site's (routes/plan.ts).
  const notFound = site.notFound ?? '/404';
  const urls = new Set([normalizeUrlPath(notFound)]);
  if (locales.multilingual) for (const locale of locales.list) urls.add(normalizeUrlPath(`${locales.prefix(locale.code)}${notFound}`));
  return urls;
}

/** A page's filters and metadata as the site's `fields` gives them, or what is wrong with them. */
function pageFields(route: Route, options: SearchOptions): SearchFields | undefined | string {
  if (!options.fields) return undefined;
  let found: unknown;
  try {
    found = options.fields(route.entry);
  } catch (error) {
    return `nothing: it threw ${error instanceof Error ? error.message : String(error)}`;
  }
  if (found === undefined) return undefined;
  if (typeof found !== 'object' || found === null) return `${describe(found)}, not { filters, meta }`;
  const { filters, meta, ...other } = found as Record<string, unknown>;
  const unknownKey = Object.keys(other)[0];
  if (unknownKey !== undefined) return `the field "${unknownKey}": only filters and meta are read`;
  const checked = checkRecord(filters, 'filters', true) ?? checkRecord(meta, 'meta', false);
  return checked ?? (found as SearchFields);
}

function checkRecord(record: unknown, name: string, lists: boolean): string | undefined {
  if (record === undefined) return undefined;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return `${name} as ${describe(record)}, not an object`;
  for (const [key, value] of Object.entries(record)) {
    if (!FIELD_KEY.test(key)) return `the ${name} key ${JSON.stringify(key)}, not a word of letters, digits, _ and -`;
    const ok = typeof value === 'string' || (lists && Array.isArray(value) && value.every((one) => typeof one === 'string'));
    if (!ok) return `${name}.${key} as ${describe(value)}, not ${lists ? 'text or a list of text' : 'text'}`;
  }
  return undefined;
}

const describe = (value: unknown) =>
  Array.isArray(value) ? 'a list' : value === null ? 'null' : typeof value === 'string' ? 'text' : `a ${typeof value}`;

function fieldProblem(route: Route, reason: string): Diagnostic {
  return {
    ...diagnose('search-field-invalid', { page: route.url, reason }),
    file: route.entry.file,
    page: route.url,
    field: 'search.fields',
  };
}

/** Indexes the pages with Pagefind's Node API, in memory; its binary runs as a service that is closed after. */
async function runPagefind(
  entries: ReadonlyArray<{ url: string; html: string }>,
  options: SearchOptions,
): Promise<{ files: OutputFile[] } | { error: string }> {
  let pagefind: typeof import('pagefind');
  try {
    pagefind = await import('pagefind');
  } catch (error) {
    return { error: `the pagefind package did not load (${error instanceof Error ? error.message : String(error)})` };
  }
  try {
    const { index, errors } = await pagefind.createIndex({ excludeSelectors: [...(options.exclude ?? [])] });
    if (!index) return { error: errors.join('; ') || 'no index was made' };
    // Pagefind's service parses pages as they come: a few in flight keep it busy without holding every copy at once.
    let failure: string | undefined;
    await forEachLimited(entries, 16, async (entry) => {
      const added = await index.addHTMLFile({ url: entry.url, content: entry.html });
      if (added.errors.length) failure ??= `${entry.url}: ${added.errors.join('; ')}`;
    });
    if (failure) return { error: failure };
    const out = await index.getFiles();
    if (out.errors.length) return { error: out.errors.join('; ') };
    await index.deleteIndex();
    return {
      files: out.files
        .filter((file) => PUBLISHED.test(file.path))
        .map((file) => ({ path: `${SEARCH_FOLDER}/${file.path}`, contents: file.content }))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await pagefind.close();
  }
}

/** The installed Pagefind's version: an index made by another is not reused. */
function pagefindVersion(): string {
  try {
    // Its package.json is not among its exports: it is read beside its entry module.
    const main = createRequire(import.meta.url).resolve('pagefind');
    return (JSON.parse(fs.readFileSync(path.join(path.dirname(main), '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
