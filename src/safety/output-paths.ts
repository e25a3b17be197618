import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose, type ParamsOf, phrase } from '../diagnostics/catalogue/index.ts';

/**
 * The names at the root of the output that the build writes itself or a host reads as its
 * configuration: the headers and redirects files (`security/headers-output.ts`,
 * `seo/redirects.ts`), the not-found page (`routes/routes.ts`), the social-image folder
 * (`site/social-images.ts`), the search index's folder (`search/index-site.ts`; reserved with
 * search off too, so that turning it on never hides a page) and the host files (`security/host-files.ts`). A path the site or
 * its content names may not start with one (a test keeps this list in step with those modules).
 */
export const RESERVED_OUTPUT_NAMES: readonly string[] = [
  '_headers',
  '_redirects',
  '404.html',
  'og',
  'pagefind',
  'vercel.json',
  '_headers.nginx.conf',
  '_headers.Caddyfile',
];

const RESERVED = new Set(RESERVED_OUTPUT_NAMES.map((name) => name.toLowerCase()));

/** Why a URL path cannot be where the build writes a file. */
export type OutputPathProblem = ParamsOf<'unsafe-output-path'>;

/**
 * What keeps a root-relative URL path that the site or its content names (a redirect's source, a
 * feed's path, a derived route, a page's URL) from being an output path inside the output folder:
 * a `.` or `..` segment, a dot, slash or backslash written as an escape (`%2e`, `%2f`, `%5c`, which
 * a host decodes), a backslash (a slash to some hosts and file systems), a control character, or a
 * first segment the build or the host reserves (compared without case, as some file systems do).
 */
export function outputPathProblem(urlPath: string): OutputPathProblem | undefined {
  if (/[\u0000-\u001f\u007f]/.test(urlPath)) return { kind: 'control' };
  if (urlPath.includes('\\')) return { kind: 'backslash' };
  const segments = urlPath.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return { kind: 'dot-segment' };
  if (/%(2e|2f|5c|[01][0-9a-f]|7f)/i.test(urlPath)) return { kind: 'encoded' };
  const first = segments.find((segment) => segment !== '');
  if (first !== undefined && RESERVED.has(first.toLowerCase())) return { kind: 'reserved', name: first };
  return undefined;
}

/** The diagnostic of an output path's problem, for the caller to place (the site definition's line, a route's source). */
export function unsafeOutputPath(problem: OutputPathProblem, written: string): Diagnostic {
  return {
    ...diagnose('unsafe-output-path', problem),
    expected:
      problem.kind === 'reserved'
        ? phrase('outside-own-files', { names: RESERVED_OUTPUT_NAMES.map((name) => `/${name}`).join(', ') })
        : phrase('plain-output-path'),
    actual: JSON.stringify(written),
  };
}
