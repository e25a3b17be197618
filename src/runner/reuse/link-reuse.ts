import { digest } from '../../core/digest.ts';
import { urlToOutPath, type TrailingSlash } from '../../core/urls.ts';
import type { Locales } from '../../i18n/locales.ts';
import { checkLinks, type ExternalLink, type LinkReport, type PageScans } from '../../links/check-links.ts';
import type { OutputFile } from '../../output/write.ts';
import type { ScannedPage } from '../../render/page-scan.ts';
import type { Route } from '../../routes/routes.ts';

/**
 * The site's URL style, the URLs of the drafts the build left out, and output paths of files
 * the build did not make but pages may link to (the social images of a build with mistakes).
 */
export interface LinkOptions {
  trailingSlash?: TrailingSlash;
  draftUrls?: readonly string[];
  /** The files of the drafts' page bundles, by output path, with their draft's URL. */
  draftFiles?: ReadonlyMap<string, string>;
  unmade?: readonly string[];
  locales?: Locales;
  /** Globs of paths that live on another site (`links.external`). */
  elsewhere?: readonly string[];
  codeFiles?: readonly string[];
}

/** What the link check found over one set of pages and output paths, kept for the next build. */
export interface LinkState {
  /** Hash of the output paths the check ran over. */
  paths: string;
  external: ExternalLink[];
  elsewhere?: ExternalLink[];
}

/** What the link check needs of a build's pages, or of the last build's: each page's links and ids, by output path. */
interface ScannedPages {
  pages: ReadonlyMap<string, { analysis: { links: ScannedPage } }>;
}

/**
 * The link check of a build's pages (see `checkLinks`). Over the same output paths, pages with
 * the same links and ids as the last build's check out as they did then (the last build kept
 * its state only because it had no errors): an edit to a page's text, its links and headings
 * left alone, takes the last build's report instead of checking every link of the site again.
 */
export function checkPageLinks(
  files: readonly OutputFile[],
  routes: readonly Route[],
  origin: string,
  pages: { scans(): PageScans; state: ScannedPages & { key: string } },
  last: { previous(key: string): (ScannedPages & { links?: LinkState }) | undefined },
  /** URLs of pages whose content has mistakes: not rendered, but links to them are not broken. */
  invalidUrls: readonly string[] = [],
  options: LinkOptions = {},
): LinkReport & { state: LinkState } {
  // The declared paths are part of what was checked: a change to them checks every link again.
  const paths = digest(
    [...files.map((file) => file.path).sort(), ...(options.elsewhere?.length ? ['links.external', ...options.elsewhere] : [])].join('\n'),
  );
  const previous = last.previous(pages.state.key);
  const known = previous?.links;
  if (known?.paths === paths && sameLinksAndIds(pages.state.pages, previous!.pages))
    return { diagnostics: [], external: known.external, elsewhere: known.elsewhere ?? [], state: known };
  const report = checkLinks(files, routes, origin, pages.scans(), [...invalidUrls.map(urlToOutPath), ...(options.unmade ?? [])], {
    trailingSlash: options.trailingSlash,
    drafts: options.draftUrls,
    draftFiles: options.draftFiles,
    locales: options.locales,
    elsewhere: options.elsewhere,
    codeFiles: options.codeFiles,
  });
  return { ...report, state: { paths, external: report.external, elsewhere: report.elsewhere } };
}

/** Whether every page has the links (in order) and the ids it had: a page carried over has the very same scan. */
function sameLinksAndIds(now: ScannedPages['pages'], before: ScannedPages['pages']): boolean {
  if (now.size !== before.size) return false;
  for (const [outPath, page] of now) {
    const a = page.analysis.links;
    const b = before.get(outPath)?.analysis.links;
    if (a === b) continue;
    if (!b || a.links.length !== b.links.length || a.ids.size !== b.ids.size) return false;
    if (a.links.some((link, i) => link.url !== b.links[i]!.url)) return false;
    for (const id of a.ids) if (!b.ids.has(id)) return false;
  }
  return true;
}
