import path from 'node:path';
import { printable } from './printable.ts';
import type { Diagnostic } from './diagnostics.ts';
import { groupDiagnostics, type DiagnosticGroup } from './group.ts';

export interface PrintOptions {
  /** Paths are shown relative to this folder. */
  cwd: string;
  /** How many source files were read, for the summary line (default: the summary counts files with errors only). */
  fileCount?: number;
  /** The content folder those files were read from: files with errors that are not among them (the site's code, images, static files) are counted apart, so the counts add up. */
  contentDir?: string;
  verbose?: boolean;
  /** What the caller did about the errors, appended to the summary. */
  outcome?: string;
}

/**
 * Prints one located line per problem, in natural order of file and line (the errors, then the
 * warnings under a heading), then a summary:
 * `content/projects/acme.md:7  tags[1]: expected one of …, found "snowflak"  [invalid-value]`.
 * A problem seen in many files or pages is printed once, with the first few places and a count.
 */
export function formatDiagnostics(all: readonly Diagnostic[], options: PrintOptions): string {
  const diagnostics = distinct(all);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warned = diagnostics.filter((d) => d.severity !== 'error');
  const warnings = warned.length;
  // Errors first, then the warnings under a heading of their own: mixed in among 76 errors, a
  // warning's line read as one more error, and the summary's "1 warning" seemed to name nothing.
  const lines = locatedLines(errors, options);
  if (warnings)
    lines.push(
      '',
      `⚠ ${warnings} ${plural(warnings, 'warning')} (a warning alone does not stop a build):`,
      ...locatedLines(warned, options),
    );
  const parts = [`${errors.length} ${plural(errors.length, 'error')} in ${filesWithErrors(errors, options)}`];
  if (warnings) parts.push(`${warnings} ${plural(warnings, 'warning')}`);
  lines.push('', `✖ ${parts.join(', ')}.${options.outcome ? ` ${options.outcome}` : ''}`);
  return lines.join('\n');
}

/**
 * The files the errors are in, for the summary: `2 of 97 files` (of the content files read), or,
 * when some are elsewhere (a stylesheet, an image, the site definition),
 * `2 of 97 content files and 3 other files`, so that no count exceeds the one it is part of.
 */
function filesWithErrors(errors: readonly Diagnostic[], options: Pick<PrintOptions, 'fileCount' | 'contentDir'>): string {
  if (options.fileCount === undefined) {
    const files = new Set(errors.map((d) => d.file ?? '(site)')).size;
    return `${files} ${plural(files, 'file')}`;
  }
  const { contentDir } = options;
  // The files read are the Markdown and MDX files of the content folder (see `content/scan.ts`); an image or an `.html` there is another file.
  const inContent = (file: string) => {
    const relative = contentDir === undefined ? '' : path.relative(contentDir, file);
    return /\.mdx?$/.test(file) && !(relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative));
  };
  const files = new Set(errors.flatMap((d) => (d.file ? [d.file] : [])));
  const content = [...files].filter(inContent).length;
  const others = files.size - content;
  const read = `${content} of ${options.fileCount}`;
  return others
    ? `${read} content ${plural(options.fileCount, 'file')} and ${others} other ${plural(others, 'file')}`
    : `${read} ${plural(options.fileCount, 'file')}`;
}

/** How many places of one problem are listed before the rest are counted. */
export const PLACES_LISTED = 3;

/** The located lines of `formatDiagnostics` alone, with hints (and details when verbose): for warnings of a build that succeeded. */
export function diagnosticLines(diagnostics: readonly Diagnostic[], options: Pick<PrintOptions, 'cwd' | 'verbose'>): string[] {
  return locatedLines(distinct(diagnostics), options);
}

/** The lines of problems already said once each, ready for a terminal. */
function locatedLines(diagnostics: readonly Diagnostic[], options: Pick<PrintOptions, 'cwd' | 'verbose'>): string[] {
  return groupDiagnostics(diagnostics)
    .flatMap((group) => groupLines(group, options))
    .map(printable);
}

/** Each problem once: a page drawn twice (the not-found page is also 404.html) reports its problems twice. */
function distinct(all: readonly Diagnostic[]): Diagnostic[] {
  return [
    ...new Map(all.map((d) => [JSON.stringify([d.file, d.page, d.line, d.column, d.code, d.field, d.message, d.actual]), d])).values(),
  ];
}

/**
 * A problem's lines: its first place in full, the next few places alone, a count of the rest
 * (`… and 197 more files`), then the hint and, when verbose, the first place's detail.
 */
function groupLines({ first, all }: DiagnosticGroup, options: Pick<PrintOptions, 'cwd' | 'verbose'>): string[] {
  const lines = [`${describe(first, options.cwd)}  [${first.code}]`];
  if (first.excerpt) lines.push(...first.excerpt.split('\n').map((l) => `    ${l}`));
  for (const d of all.slice(1, PLACES_LISTED))
    lines.push(`${formatPlace(d, options.cwd)}  (the same${d.actual === first.actual ? '' : `, found ${d.actual}`})`);
  const rest = all.slice(PLACES_LISTED);
  if (rest.length > 0) lines.push(`    … and ${countPlaces(rest, first.page ? 'page' : 'file')}`);
  if (first.hint) lines.push(`    hint: ${first.hint}`);
  if (first.detail && options.verbose) lines.push(...first.detail.split('\n').map((l) => `    ${l}`));
  return lines;
}

/** The places not listed, as files (or pages): `197 more files`, or `29 more places in 1 file` when some share one. */
function countPlaces(rest: readonly Diagnostic[], noun: 'page' | 'file'): string {
  const distinct = new Set(rest.map((d) => (noun === 'page' ? d.page : d.file))).size;
  if (distinct === rest.length) return `${rest.length} more ${plural(rest.length, noun)}`;
  return `${rest.length} more ${plural(rest.length, 'place')} in ${distinct} ${plural(distinct, noun)}`;
}

/** Files of the site's code (scripts, components, stylesheets), as opposed to its content. */
const CODE_FILE = /\.(m?[jt]sx?|c[jt]s|css)$/;
const DATA_FILE = /\.(json|ya?ml|toml|csv)$/;

/** Where a diagnostic points: `file:line` (`file:line:column` in code), with the page when it is a page's, or `(site)`. */
export function formatPlace(d: Diagnostic, cwd: string): string {
  // A place in code or in a data file gets its column too, as compilers print it (a CSV row's
  // cell, a JSON key); Markdown and its front matter's lines read plainly.
  const column = d.line && d.column && (d.excerpt || CODE_FILE.test(d.file ?? '') || DATA_FILE.test(d.file ?? '')) ? `:${d.column}` : '';
  const file = d.file ? `${path.relative(cwd, d.file)}${d.line ? `:${d.line}${column}` : ''}` : undefined;
  if (d.page) return file ? `${file} (page ${d.page})` : `page ${d.page}`;
  return file ?? '(site)';
}

/** One line: `file:line  field: expected …, found …`, or `file:line  field: message` when there is nothing to compare. */
export function formatDiagnosticLine(d: Diagnostic, cwd: string): string {
  return printable(describe(d, cwd));
}

function describe(d: Diagnostic, cwd: string): string {
  const where = formatPlace(d, cwd);
  const facts =
    d.expected !== undefined
      ? `expected ${d.expected}, found ${d.actual ?? 'something else'}`
      : d.actual !== undefined
        ? `${d.message}, found ${d.actual}`
        : d.message;
  return `${where}  ${d.field ? `${d.field}: ` : ''}${facts}`;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
