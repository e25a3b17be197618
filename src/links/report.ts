import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { Route } from '../routes/routes.ts';
import { unsafeUrlScheme } from '../safety/unsafe-url.ts';
import type { ScannedLink, ScannedPage } from '../render/page-scan.ts';
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
  hintFor: HintFor,
  /** The files of the site's code and of what MDX pages import: a URL a component's code holds is reported there. */
  codeFiles: readonly string[] = [],
): Diagnostic[] {
  const report: Report = { diagnostics: [], grouped: new Map(), inCode: codeValueLines(codeFiles), hintFor };
  for (const [route, found] of problems) reportPage(report, route, pageOf(route), found);
  for (const { diagnostic, pages } of report.grouped.values()) {
    if (pages > 1) diagnostic.field += ` and ${pages - 1} other page${pages > 2 ? 's' : ''}`;
  }
  return report.diagnostics;
}

type HintFor = (problem: Problem, route: Route, written?: string) => string | undefined;

/** The diagnostics made so far, and those reported once for many pages, with how many pages had them. */
interface Report {
  diagnostics: Diagnostic[];
  grouped: Map<string, { diagnostic: Diagnostic; pages: number }>;
  /** Where the site's code holds a URL. */
  inCode: (url: string) => Array<{ file: string; line: number }>;
  hintFor: HintFor;
}

/** One page with problems, and what locating them in its source needs. */
interface PageProblems {
  route: Route;
  /** The page's Markdown links, by URL. */
  written: ReturnType<typeof markdownLinkLines>;
  /** How many times each URL is linked on the page. */
  onPage: Map<string, number>;
  linesOfBody: () => string[];
}

/** What every diagnostic of one problem says, wherever it is reported. */
type Facts = Pick<Diagnostic, 'code' | 'severity' | 'message' | 'expected' | 'actual' | 'hint'>;

/** Reports the problems of one page, but the preloads of images already reported. */
function reportPage(report: Report, route: Route, page: ScannedPage, found: readonly Problem[]): void {
  const onPage = new Map<string, number>();
  for (const link of page.links) if (!isImagePreload(link, found)) onPage.set(link.url, (onPage.get(link.url) ?? 0) + 1);
  let bodyLines: string[] | undefined;
  const linesOfBody = () => (bodyLines ??= route.entry.body.split('\n'));
  const context: PageProblems = { route, written: markdownLinkLines(route.entry), onPage, linesOfBody };
  for (const problem of unique(found).filter((problem) => !isImagePreload(problem.link, found))) reportProblem(report, context, problem);
}

/**
 * Reports one problem at each line of the page's Markdown that writes the link; where the page
 * has more such links than that, at the first place that explains them: an MDX component given
 * the URL, a component's own code, a front-matter field, or the template.
 */
function reportProblem(report: Report, page: PageProblems, problem: Problem): void {
  const { route, written, onPage } = page;
  const { link, code } = problem;
  const facts = factsOf(problem, report.hintFor(problem, route));
  const inMarkdown = code === 'unsafe-url' ? undefined : written.get(link.url);
  const lines = inMarkdown?.lines ?? [];
  // A relative URL is named as written and as resolved: the file it was looked for is the author's clue.
  const asWritten = inMarkdown?.written
    ? {
        actual: `${JSON.stringify(inMarkdown.written)}, which resolves to ${safeDecode(link.url)}`,
        hint: report.hintFor(problem, route, inMarkdown.written),
      }
    : {};
  for (const line of lines) report.diagnostics.push({ ...facts, ...asWritten, file: route.entry.file, line, field: link.where });
  if ((onPage.get(link.url) ?? 0) <= lines.length) return;
  if (reportInComponents(report, page, problem, facts, lines)) return;
  if (reportInComponentCode(report, route, problem, facts)) return;
  reportInTemplate(report, route, problem, facts);
}

/** The message, severity and URL of one problem. */
function factsOf(problem: Problem, hint: string | undefined): Facts {
  const { link, code, expected } = problem;
  // A page named in the other URL style is still reached (a host redirects, or serves the folder's index.html).
  const { severity, message: said } =
    code === 'unsafe-url'
      ? diagnose(code, { link: true })
      : code === 'missing-translation-link'
        ? diagnose(code, { locale: '', url: '', existing: [] })
        : diagnose(code, {});
  const message = problem.message ?? said;
  return { code, severity, message, expected, actual: JSON.stringify(safeDecode(link.url)), hint };
}

/** A component of an MDX page given the URL as a prop: reported where the component is written. */
function reportInComponents(report: Report, page: PageProblems, problem: Problem, facts: Facts, markdownLines: number[]): boolean {
  const { link, code } = problem;
  const { entry } = page.route;
  if (code === 'unsafe-url') return false;
  const lines = mdxValueLines(entry, safeDecode(link.url), page.linesOfBody).filter((line) => !markdownLines.includes(line));
  for (const line of lines)
    report.diagnostics.push({ ...facts, file: entry.file, line, field: `${link.where} drawn by the component written here` });
  return lines.length > 0;
}

/** A URL the component's own code holds (`<a href="/guide">` in its .tsx): reported there, once for all its pages. */
function reportInComponentCode(report: Report, route: Route, problem: Problem, facts: Facts): boolean {
  const { link, code } = problem;
  const places = code === 'unsafe-url' || !isMdx(route.entry) ? [] : report.inCode(safeDecode(link.url));
  for (const place of places) {
    const key = `${code} ${link.where} ${link.url} ${place.file}:${place.line}`;
    const group = report.grouped.get(key);
    if (group) group.pages++;
    else {
      const diagnostic = { ...facts, ...place, field: `${link.where} written in this component, on ${route.url}` };
      report.grouped.set(key, { diagnostic, pages: 1 });
      report.diagnostics.push(diagnostic);
    }
  }
  return places.length > 0;
}

/** A link the template made: at the front-matter field it was taken from, or once for all pages at the first one. */
function reportInTemplate(report: Report, route: Route, problem: Problem, facts: Facts): void {
  const { link, code } = problem;
  const { entry } = route;
  const source = locateFrontMatterValue(
    entry,
    code === 'unsafe-url' ? (value) => unsafeUrlScheme(value) !== undefined : (value) => value.trim() === link.url,
  );
  const template = `${link.where} from template "${route.template}"`;
  if (source) {
    report.diagnostics.push({
      ...facts,
      actual: JSON.stringify(source.value),
      file: entry.file,
      line: source.line,
      field: `${source.field} (${template})`,
    });
    return;
  }
  const key = `${code} ${link.where} ${link.url}`;
  const group = report.grouped.get(key);
  if (group) {
    group.pages++;
    return;
  }
  // Pages derived from the catalogue name the module that declares them; line 1 stands for "this file".
  const diagnostic: Diagnostic = {
    ...facts,
    file: entry.file || undefined,
    line: entry.file ? 1 : undefined,
    field: `${template} on ${route.url}`,
  };
  report.grouped.set(key, { diagnostic, pages: 1 });
  report.diagnostics.push(diagnostic);
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
