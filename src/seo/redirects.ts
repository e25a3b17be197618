import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { closest } from '../diagnostics/suggest.ts';
import type { OutputFile } from '../output/write.ts';
import { escapeXml } from './xml.ts';
import { engineWords, fill } from '../i18n/engine-words.ts';
import { localesOf } from '../i18n/locales.ts';
import type { Site } from '../site/definition.ts';
import type { SiteContext } from '../site/context.ts';
import type { Route } from '../routes/routes.ts';
import { normalizeUrlPath, urlToOutPath } from '../core/urls.ts';
import { diagnose, type ParamsOf, phrase } from '../diagnostics/catalogue/index.ts';
import { outputPathProblem, unsafeOutputPath } from '../safety/output-paths.ts';

/** Where the build writes its redirects, in the format Netlify and Cloudflare Pages read. */
export const REDIRECTS_FILE = '_redirects';

const COMMENT =
  '# Redirects of this build, in the _redirects format of Netlify and Cloudflare Pages: from, to, status.\n# Written by `site build`, which also writes a page at each old path for hosts that read no such file.';

/** One redirect of the site, its source and target as clean paths. */
interface Redirect {
  /** As written in the site definition (the key of `redirects`). */
  written: string;
  from: string;
  to: string;
  /** Where its page is written: `old/index.html`, or the path itself for a source ending in `.html`. */
  outPath: string;
}

/**
 * The redirects of a site: the `_redirects` file, and at each old path a page that sends the
 * visitor on with a meta refresh, a link and a canonical link (no script, so the
 * Content-Security-Policy has nothing to allow). Each target must be a page of the build and
 * no source may be one (its page would be replaced, or the redirect never followed): either is
 * an error at the redirect in the site definition.
 */
export function redirectFiles(
  site: Pick<Site, 'redirects' | 'lang' | 'locate' | 'i18n'>,
  routes: readonly Route[],
  output: readonly OutputFile[],
  context: Pick<SiteContext, 'url'>,
): { files: OutputFile[]; diagnostics: Diagnostic[] } {
  const entries = Object.entries(site.redirects ?? {});
  const notFound = localeNotFoundRules(site, output);
  if (!entries.length && !notFound.length) return { files: [], diagnostics: [] };
  const pages = new Set(routes.map((route) => route.url));
  const taken = new Set(output.map((file) => file.path));
  const redirects = entries.map(([written, target]): Redirect => {
    const from = normalizeUrlPath(written);
    return { written, from, to: target, outPath: /\.html?$/i.test(from) ? from.slice(1) : urlToOutPath(from) };
  });
  const diagnostics: Diagnostic[] = [];
  const problem = (redirect: Redirect, params: ParamsOf<'invalid-redirect'>, expected: string, actual: string) =>
    diagnostics.push({
      ...diagnose('invalid-redirect', params),
      ...site.locate?.(['redirects', redirect.written]),
      field: `redirects[${JSON.stringify(redirect.written)}]`,
      expected,
      actual,
    });
  for (const redirect of redirects) {
    // Its page is written at its source: that must be a path inside the output, and none of the build's own files.
    const unsafe = outputPathProblem(redirect.written);
    if (unsafe)
      diagnostics.push({
        ...unsafeOutputPath(unsafe, redirect.written),
        ...site.locate?.(['redirects', redirect.written]),
        field: `redirects[${JSON.stringify(redirect.written)}]`,
      });
    else if (/[\s?#*]/.test(redirect.written))
      problem(redirect, { kind: 'plain-source' }, phrase('redirect-source'), JSON.stringify(redirect.written));
    else if (pages.has(redirect.from) || taken.has(redirect.outPath))
      problem(redirect, { kind: 'source-is-page', from: redirect.from }, phrase('redirect-source-gone'), JSON.stringify(redirect.written));
    const target = redirect.to.split('#', 1)[0]!;
    if (/[\s?]/.test(redirect.to)) problem(redirect, { kind: 'plain-target' }, phrase('redirect-target'), JSON.stringify(redirect.to));
    else if (!pages.has(normalizeUrlPath(target))) {
      const suggestion = closest(normalizeUrlPath(target), [...pages]);
      problem(redirect, { kind: 'no-target', target, suggestion }, phrase('redirect-target-page'), JSON.stringify(redirect.to));
    }
  }
  if (diagnostics.length) return { files: [], diagnostics };
  const lines = [...redirects.map(({ from, to }) => `${encodeURI(from)} ${encodeURI(to)} 301`), ...notFound];
  const locales = localesOf(site);
  const langOf = new Map(routes.map((route) => [route.url, (locales.get(route.entry.locale) ?? locales.default).lang]));
  return {
    files: [
      { path: REDIRECTS_FILE, contents: `${COMMENT}\n${lines.join('\n')}\n` },
      // A redirect page speaks its target's language: a multilingual site's /de/alt leads to a German page.
      ...redirects.map((redirect) => ({
        path: redirect.outPath,
        contents: redirectPage(redirect.to, langOf.get(normalizeUrlPath(redirect.to.split('#', 1)[0]!)) ?? site.lang, context),
      })),
    ],
    diagnostics: [],
  };
}

/**
 * A multilingual site's rules that answer an unknown path of a prefixed locale with that locale's
 * not-found page (`/de/* /de/404.html 404`), as Netlify needs and `site serve` and `site preview`
 * read them; a page at the path shadows its rule. The default locale's `404.html` needs none.
 */
function localeNotFoundRules(site: Pick<Site, 'lang' | 'i18n'>, output: readonly OutputFile[]): string[] {
  const locales = localesOf(site);
  if (!locales.multilingual) return [];
  const written = new Set(output.map((file) => file.path));
  return locales.list
    .map((locale) => locales.prefix(locale.code))
    .filter((prefix) => prefix && written.has(`${prefix.slice(1)}/404.html`))
    .map((prefix) => `${encodeURI(prefix)}/* ${encodeURI(prefix)}/404.html 404`);
}

/** A page that sends the visitor on to `to`: a meta refresh, a canonical link for search engines, and a plain link for everyone else. */
function redirectPage(to: string, lang: string, context: Pick<SiteContext, 'url'>): string {
  const href = escapeXml(encodeURI(to));
  const words = engineWords(lang);
  return [
    '<!doctype html>',
    `<html lang="${escapeXml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${fill(escapeXml(words.movedTitle), { to: escapeXml(to) })}</title>`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeXml(context.url(encodeURI(to)))}">`,
    `<meta http-equiv="refresh" content="0; url=${href}">`,
    '</head>',
    `<body><p>${fill(escapeXml(words.movedText), { link: `<a href="${href}">${escapeXml(to)}</a>` })}</p></body>`,
    '</html>',
    '',
  ].join('\n');
}
