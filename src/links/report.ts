import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { Route } from '../routes/routes.ts';
import { unsafeUrlScheme } from '../safety/unsafe-url.ts';
import type { ScannedLink, ScannedPage } from '../render/html-scan.ts';
import { codeValueLines, locateFrontMatterValue, markdownLinkLines, mdxValueLines } from './locate-source.ts';
import { isMdx } from '../render/mdx.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';

/** One thing wrong with one link of one page. */
export interface Problem {
  code: 'broken-link' | 'broken-anchor' | 'unsafe-url' | 'trailing-slash' | 'missing-translation-link';
  link: ScannedLink;
  expected: string;
  hint?: string;
  /** The message, when the code's words take values (`missing-translation-link`). */
  message?: string;
}

/**
 * Turns each page's problems into diagnostics at their source. A link written in the page's
 * Markdown is reported at its line in the .md file. A link the template made is reported at the
 * page's file, naming the template, or at the front-matter field it was taken from when there is
 * one; a template link broken on many pages (a footer link, say) is reported once, at the first
 * page, with the number of others.
 */
export function reportProblems(
  problems: ReadonlyMap<Route, readonly Problem[]>,
  pageOf: (route: Route) => ScannedPage,
  /** A hint for a problem; `written` is the URL as the Markdown has it, when it was relative. */
  hintFor: (problem: Problem, route: Route, written?: string) => string | undefined,
  /** The files of the site's code and of what MDX pages import: a URL a component's code holds is reported there. */
  codeFiles: readonly string[] = [],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const inCode = codeValueLines(codeFiles);
  const fromTemplates = new Map<string, { diagnostic: Diagnostic; pages: number }>();
  for (const [route, found] of problems) {
    const { entry } = route;
    const written = markdownLinkLines(entry);
    const onPage = new Map<string, number>();
    for (const link of pageOf(route).links) if (!isImagePreload(link, found)) onPage.set(link.url, (onPage.get(link.url) ?? 0) + 1);
    let bodyLines: string[] | undefined;
    const linesOfBody = () => (bodyLines ??= entry.body.split('\n'));
    for (const problem of unique(found).filter((problem) => !isImagePreload(problem.link, found))) {
      const { link, code, expected } = problem;
      // A page named in the other URL style is still reached (a host redirects, or serves the folder's index.html).
      const { severity, message: said } =
        code === 'unsafe-url'
          ? diagnose(code, { link: true })
          : code === 'missing-translation-link'
            ? diagnose(code, { locale: '', url: '', existing: [] })
            : diagnose(code, {});
      const message = problem.message ?? said;
      const facts = { code, severity, message, expected, actual: JSON.stringify(safeDecode(link.url)), hint: hintFor(problem, route) };
      const inMarkdown = code === 'unsafe-url' ? undefined : written.get(link.url);
      const lines = inMarkdown?.lines ?? [];
      // A relative URL is named as written and as resolved: the file it was looked for is the author's clue.
      const asWritten = inMarkdown?.written
        ? {
            actual: `${JSON.stringify(inMarkdown.written)}, which resolves to ${safeDecode(link.url)}`,
            hint: hintFor(problem, route, inMarkdown.written),
          }
        : {};
      for (const line of lines) diagnostics.push({ ...facts, ...asWritten, file: entry.file, line, field: link.where });
      if ((onPage.get(link.url) ?? 0) <= lines.length) continue;
      // A component of an MDX page given the URL as a prop: reported where the component is written.
      const inComponents =
        code === 'unsafe-url' ? [] : mdxValueLines(entry, safeDecode(link.url), linesOfBody).filter((line) => !lines.includes(line));
      for (const line of inComponents)
        diagnostics.push({ ...facts, file: entry.file, line, field: `${link.where} drawn by the component written here` });
      if (inComponents.length) continue;
      // A URL the component's own code holds (`<a href="/guide">` in its .tsx): reported there, once for all its pages.
      const inComponentCode = code === 'unsafe-url' || !isMdx(entry) ? [] : inCode(safeDecode(link.url));
      for (const place of inComponentCode) {
        const key = `${code} ${link.where} ${link.url} ${place.file}:${place.line}`;
        const group = fromTemplates.get(key);
        if (group) group.pages++;
        else {
          const diagnostic = { ...facts, ...place, field: `${link.where} written in this component, on ${route.url}` };
          fromTemplates.set(key, { diagnostic, pages: 1 });
          diagnostics.push(diagnostic);
        }
      }
      if (inComponentCode.length) continue;

      const source = locateFrontMatterValue(
        entry,
        code === 'unsafe-url' ? (value) => unsafeUrlScheme(value) !== undefined : (value) => value.trim() === link.url,
      );
      const template = `${link.where} from template "${route.template}"`;
      if (source) {
        diagnostics.push({
          ...facts,
          actual: JSON.stringify(source.value),
          file: entry.file,
          line: source.line,
          field: `${source.field} (${template})`,
        });
        continue;
      }
      const key = `${code} ${link.where} ${link.url}`;
      const group = fromTemplates.get(key);
      if (group) {
        group.pages++;
        continue;
      }
      // Pages derived from the catalogue name the module that declares them; line 1 stands for "this file".
      const diagnostic: Diagnostic = {
        ...facts,
        file: entry.file || undefined,
        line: entry.file ? 1 : undefined,
        field: `${template} on ${route.url}`,
      };
      fromTemplates.set(key, { diagnostic, pages: 1 });
      diagnostics.push(diagnostic);
    }
  }
  for (const { diagnostic, pages } of fromTemplates.values()) {
    if (pages > 1) diagnostic.field += ` and ${pages - 1} other page${pages > 2 ? 's' : ''}`;
  }
  return diagnostics;
}

/**
 * A `<link rel="preload">` React writes for an `<img>` a component draws (react-dom does for every
 * eager image), when that image's own tag has the same problem: one missing image is one error.
 */
function isImagePreload(link: ScannedLink, found: readonly Problem[]): boolean {
  return (
    link.where === '<link href>' &&
    found.some(
      (other) =>
        other.link.url === link.url &&
        other.link.where !== '<link href>' &&
        (other.link.where.startsWith('<img') || other.link.where.startsWith('<source')),
    )
  );
}

function unique(problems: readonly Problem[]): Problem[] {
  return [...new Map(problems.map((problem) => [`${problem.code} ${problem.link.where} ${problem.link.url}`, problem])).values()];
}

/** A URL path as an author wrote it (`/시간`, not `/%EC%8B%9C%EA%B0%84`), or as it is when it is not valid percent-encoding. */
export function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
