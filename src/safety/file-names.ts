import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { diagnose, phrase } from '../diagnostics/catalogue/index.ts';
import { urlForContentFile } from '../core/urls.ts';
import { outputPathProblem, unsafeOutputPath } from './output-paths.ts';

/**
 * Characters a content file's name may not hold, because the URL made from it would not lead
 * back to it: a backslash is read as a slash, control characters are dropped or refused, and
 * spaces at either end of a name are trimmed by browsers. (`%`, `#` and `?` are percent-encoded
 * in the URL, see `urlSegmentOfName`; spaces inside a name and any Unicode are escaped in links.)
 */
const UNREACHABLE = /[\\\u0000-\u001f\u007f]|(^|\/)\s|\s($|\/)/;

/**
 * Characters the rules of `_headers` and `_redirects` read as patterns, in any path they hold:
 * a rule for a page `/*` would apply its headers to every path. Windows refuses both in file
 * names too, so a portable site never has them.
 */
const HOST_PATTERN = /[*:]/;

/** A diagnostic when a content file's path would make a URL that cannot reach its page. */
export function checkFileName(source: { file: string; relative: string }): Diagnostic | undefined {
  const name = source.relative.replace(/\.md$/i, '');
  const bad = UNREACHABLE.exec(name);
  if (!bad) return reservedUrl(source);
  const what = /\s/.test(bad[0]) ? 'a space at the start or end of a name' : `the character ${JSON.stringify(bad[0].replace(/[/]/g, ''))}`;
  return {
    ...diagnose('invalid-file-name', { what }),
    file: source.file,
    line: 1,
    field: 'file name',
    expected: phrase('plain-file-name'),
    actual: JSON.stringify(source.relative),
  };
}

/** A diagnostic when a content file's page would be written over the build's own files (`content/og/x.md`, `content/404.html.md`). */
function reservedUrl(source: { file: string; relative: string }): Diagnostic | undefined {
  return checkOutputName(source, urlForContentFile(source.relative).url);
}

/**
 * A diagnostic when a file of the content folder would be published where the build or the host
 * keeps its own files: a page (at its URL) or a file published as it is (at its path), such as
 * `content/vercel.json`, which Vercel would read as the site's configuration, or `content/og/…`.
 */
export function checkOutputName(source: { file: string; relative: string }, url: string): Diagnostic | undefined {
  const pattern = HOST_PATTERN.exec(url);
  if (pattern)
    return {
      ...diagnose('invalid-file-name', { what: `the character ${JSON.stringify(pattern[0])}` }),
      file: source.file,
      line: 1,
      field: 'file name',
      expected: phrase('host-safe-file-name'),
      actual: JSON.stringify(source.relative),
    };
  const problem = outputPathProblem(url);
  return problem && { ...unsafeOutputPath(problem, source.relative), file: source.file, line: 1, field: 'file name' };
}
