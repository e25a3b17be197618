import type { Entry } from './catalogue.ts';
import type { Diagnostic } from './diagnostics.ts';
import { urlToOutPath } from './urls.ts';

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
 * One route per entry, plus `404.html` drawn from the not-found page. Two files claiming one URL
 * are an error that lists every file involved.
 */
export function planRoutes(entries: readonly Entry[], notFoundUrl: string): { routes: Route[]; diagnostics: Diagnostic[] } {
  const claims = new Map<string, Entry[]>();
  for (const entry of entries) claims.set(entry.url, [...(claims.get(entry.url) ?? []), entry]);
  const diagnostics: Diagnostic[] = [];
  const routes: Route[] = [];
  for (const [url, claimants] of claims) {
    if (claimants.length > 1) {
      for (const entry of claimants) {
        diagnostics.push({
          code: 'duplicate-url',
          severity: 'error',
          file: entry.file,
          line: 1,
          message: `Two or more files produce the URL ${url}.`,
          expected: 'one file per URL',
          actual: claimants.map((e) => `content/${e.relative}`).join(', '),
          hint: 'Rename or remove all but one of them.',
        });
      }
      continue;
    }
    const entry = claimants[0]!;
    routes.push({ url, outPath: urlToOutPath(url), template: entry.template, entry, noindex: entry.hidden });
  }
  const notFound = routes.find((route) => route.url === notFoundUrl);
  if (notFound) routes.push({ ...notFound, outPath: '404.html', noindex: true });
  return { routes, diagnostics };
}
