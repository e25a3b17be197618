import type { Entry } from './catalogue.ts';
import type { Diagnostic } from './diagnostics.ts';
import { urlForContentFile, urlToOutPath } from './urls.ts';

/** One page to render. */
export interface Route {
  url: string;
  /** Output path relative to the output folder. */
  outPath: string;
  template: string;
  entry: Entry;
  /** Ask search engines not to index the page (hidden entries). */
  noindex: boolean;
}

/**
 * Two files claiming one URL (`a.md` and `a/index.md`, or `_index.md` and `index.md`) are an
 * error that lists every file involved. Checked on paths alone, before any file is validated.
 */
export function checkDuplicateUrls(files: readonly { file: string; relative: string }[]): Diagnostic[] {
  const claims = Map.groupBy(files, (source) => urlForContentFile(source.relative).url);
  return [...claims].flatMap(([url, claimants]) =>
    claimants.length < 2
      ? []
      : claimants.map((source) => ({
          code: 'duplicate-url' as const,
          severity: 'error' as const,
          file: source.file,
          line: 1,
          message: `Two or more files produce the URL ${url}.`,
          expected: `one file for the URL ${url}`,
          actual: claimants.map((c) => `content/${c.relative}`).join(', '),
          hint: 'Rename or remove all but one of them.',
        })),
  );
}

/** One route per entry (URLs are unique by now), plus `404.html` drawn from the not-found page. */
export function planRoutes(entries: readonly Entry[], notFoundUrl: string): Route[] {
  const routes: Route[] = entries.map((entry) => ({ url: entry.url, outPath: urlToOutPath(entry.url), template: entry.template, entry, noindex: entry.hidden }));
  const notFound = routes.find((route) => route.url === notFoundUrl);
  if (notFound) routes.push({ ...notFound, outPath: '404.html', noindex: true });
  return routes;
}
