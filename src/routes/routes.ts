import path from 'node:path';
import type { Catalogue } from '../content/catalogue.ts';
import type { DerivedRoute, Entry, Route } from '../content/entry.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { normalizeUrlPath, pageUrl, slugOf, urlToOutPath, type TrailingSlash } from '../core/urls.ts';
import { diagnose, say, severityOf, phrase } from '../diagnostics/catalogue/index.ts';
import { outputPathProblem, unsafeOutputPath } from '../safety/output-paths.ts';
import type { Locales } from '../i18n/locales.ts';
import { placeOfUrl } from '../i18n/content-paths.ts';

export type { DerivedRoute, Route } from '../content/entry.ts';

/** The collection derived pages join unless they name one. */
export const DERIVED_COLLECTION = 'derived';

/** What a derived route needs to be checked and turned into an entry. */
export interface DeriveOptions {
  /** Template names the site defines. */
  templates: readonly string[];
  /** Where routes without a `source` are said to come from (default: no file, "the site"). */
  defaultSource?: string;
  /** Sources are named relative to this folder in messages. */
  root: string;
  /** The site's URL style: a derived route's URL is given it, whichever style the route was written in. */
  trailingSlash?: TrailingSlash;
  /** The site's locales: a derived page belongs to the one its URL's prefix names unless it says (see `DerivedRoute.locale`). */
  locales?: Locales;
}

/**
 * Turns a site's derived routes into entries, reporting each route that is malformed, names an
 * unknown template, or claims a URL a content file or another derived route already has (each
 * such clash is reported at every source involved). One pass over the routes, one lookup each.
 */
export function deriveEntries(
  routes: readonly DerivedRoute[],
  content: Catalogue,
  options: DeriveOptions,
): { entries: Entry[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const templates = new Set(options.templates);
  const valid: Array<{ route: DerivedRoute; source: string | undefined }> = [];
  for (const route of routes) {
    const source = route.source ?? options.defaultSource;
    const problem = routeProblem(route, templates);
    if (problem) diagnostics.push({ severity: severityOf(problem.code), file: source, ...problem });
    else valid.push({ route, source });
  }
  const claims = Map.groupBy(valid, ({ route }) => normalizeUrlPath(route.url));
  const entries: Entry[] = [];
  for (const [url, claimants] of claims) {
    const file = content.byPath(url);
    if (claimants.length === 1 && !file) {
      entries.push(toEntry(claimants[0]!.route, claimants[0]!.source, options.trailingSlash, options.locales));
      continue;
    }
    const sources = [
      ...(file ? [`content/${file.relative}`] : []),
      ...claimants.map(
        ({ source }) => `the derived route ${url} (${source ? path.relative(options.root, source) : "the site's routes()"})`,
      ),
    ];
    const clash = (at: string | undefined, line?: number): Diagnostic => ({
      ...diagnose('duplicate-url', { kind: 'pages', url, file: Boolean(file) }),
      file: at,
      line,
      expected: phrase('one-page-per-url', { url }),
      actual: sources.join(', '),
    });
    if (file) diagnostics.push(clash(file.file, 1));
    diagnostics.push(...[...new Set(claimants.map(({ source }) => source))].map((source) => clash(source)));
  }
  return { entries, diagnostics };
}

/** What is wrong with a derived route on its own, if anything. */
function routeProblem(route: DerivedRoute, templates: ReadonlySet<string>): Omit<Diagnostic, 'severity' | 'file'> | undefined {
  const label = `The derived route ${JSON.stringify(route.url)}`;
  const at = (field: string) => `route ${typeof route.url === 'string' ? route.url : JSON.stringify(route.url)}: ${field}`;
  // A trailing slash is the site's style to give (see `trailingSlash`): either form is taken.
  const clean = typeof route.url === 'string' ? normalizeUrlPath(route.url) : undefined;
  if (
    typeof route.url !== 'string' ||
    !route.url.startsWith('/') ||
    /[?#\s]/.test(route.url) ||
    (route.url !== clean && route.url !== `${clean}/`)
  ) {
    return {
      code: 'invalid-route',
      field: at('url'),
      ...say('invalid-route', { route: label }),
      expected: phrase('clean-route-path'),
      actual: JSON.stringify(route.url),
    };
  }
  const unsafe = outputPathProblem(route.url);
  if (unsafe) {
    const { severity: _severity, ...facts } = unsafeOutputPath(unsafe, route.url);
    return { ...facts, field: at('url') };
  }
  if (!templates.has(route.template)) {
    return {
      code: 'unknown-template',
      field: at('template'),
      ...say('unknown-template', { route: label }),
      expected: phrase('one-of', { values: [...templates].join(', ') }),
      actual: JSON.stringify(route.template),
    };
  }
  for (const field of ['title', 'description'] as const) {
    const value: unknown = route.data?.[field];
    if (typeof value !== 'string' || value.trim() === '') {
      return {
        code: 'invalid-route',
        field: at(`data.${field}`),
        ...say('invalid-route', { route: label, field }),
        expected: phrase('a-field-as-text', { field }),
        actual: value === undefined ? 'nothing' : JSON.stringify(value),
      };
    }
  }
  return undefined;
}

function toEntry(route: DerivedRoute, source: string | undefined, style?: TrailingSlash, locales?: Locales): Entry {
  const place = locales ? placeOfUrl(normalizeUrlPath(route.url), locales) : undefined;
  return {
    collection: route.collection ?? DERIVED_COLLECTION,
    url: pageUrl(route.url, style),
    slug: slugOf(route.url),
    // Derived pages have no file of their own; messages about them name the declaring module.
    file: source ?? '',
    relative: '',
    data: route.data,
    body: '',
    bodyLine: 1,
    listPage: false,
    hidden: route.data.hidden === true,
    template: route.template,
    ...(route.dates && { dates: route.dates }),
    locale: route.locale ?? place?.locale ?? '',
    translationKey: route.translationKey ?? place?.path ?? normalizeUrlPath(route.url),
  };
}

/**
 * One route per entry (URLs are unique by now), plus `404.html` drawn from the not-found page;
 * a multilingual site's locales with a prefix get theirs too (`de/404.html` from `/de/404`).
 */
export function planRoutes(entries: readonly Entry[], notFoundUrl: string, locales?: Locales): Route[] {
  const routes: Route[] = entries.map((entry) => ({
    url: entry.url,
    outPath: urlToOutPath(entry.url),
    template: entry.template,
    entry,
    noindex: entry.hidden,
  }));
  const notFound = routes.find((route) => normalizeUrlPath(route.url) === normalizeUrlPath(notFoundUrl));
  if (notFound) routes.push({ ...notFound, outPath: '404.html', noindex: true });
  for (const locale of locales?.multilingual ? locales.list : []) {
    const prefix = locales!.prefix(locale.code);
    if (!prefix) continue;
    const url = normalizeUrlPath(`${prefix}${notFoundUrl}`);
    const localized = routes.find((route) => normalizeUrlPath(route.url) === url && route.outPath !== '404.html');
    if (localized) routes.push({ ...localized, outPath: `${prefix.slice(1)}/404.html`, noindex: true });
  }
  return routes;
}
