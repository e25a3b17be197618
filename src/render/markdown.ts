import type { Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import type { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { rehypeFlagUnsafeHtml, remarkFlagUnsafeUrls, unsafeFindings, type UnsafeFinding } from '../safety/markdown-safety.ts';
import { limitNesting, tooDeepFinding } from '../safety/nesting.ts';
import { tooDeepLine } from '../safety/nesting-scan.ts';
import { remarkAutolinksWhereNeeded } from './gfm-autolinks.ts';
import { remarkGuardTables } from './gfm-table-guard.ts';
import { rehypeLinksAndIds } from './rehype-links-and-ids.ts';

/**
 * The frozen processor every page is rendered with. Unsafe content (scripts, event handlers,
 * `javascript:` URLs) is noted with its position before anything is removed; raw HTML is then
 * sanitized (GitHub's rules), heading ids are added after sanitizing so they keep their plain
 * slugs, and links to other origins open in a new tab without handing it `window.opener` or the
 * referrer.
 */
export function createProcessor(linkPasses: PluggableList = [rehypeLinksAndIds]) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkAutolinksWhereNeeded)
    .use(remarkGuardTables)
    .use(limitNesting)
    .use(remarkFlagUnsafeUrls)
    // No prefix here: the sanitizer prefixes every id itself, and a second prefix would break footnote links.
    .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '' })
    .use(rehypeRawWhenPresent)
    .use(limitNesting)
    .use(rehypeFlagUnsafeHtml)
    .use(rehypeSanitize)
    .use(linkPasses)
    .use(rehypeStringify)
    .freeze();
}

let shared: ReturnType<typeof createProcessor> | undefined;

function markdownProcessor() {
  return (shared ??= createProcessor());
}

/**
 * rehype-raw, run only on trees that hold raw HTML. It re-parses the whole tree with parse5
 * (about a third of the time a page's Markdown takes), and a tree without `raw` nodes comes
 * out the same, so most bodies skip it.
 */
function rehypeRawWhenPresent() {
  const parse = rehypeRaw();
  const hasRaw = (node: Root | Root['children'][number]): boolean =>
    node.type === 'raw' || ('children' in node && node.children.some(hasRaw)) || (node.type === 'element' && node.content !== undefined && hasRaw(node.content));
  return (tree: Root, file: VFile) => (hasRaw(tree) ? parse(tree, file) : tree);
}

/** Renders a Markdown body to sanitized HTML (anything unsafe is dropped without a word). */
export function renderMarkdown(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    // Nested past the limit, the parser would take quadratic time: nothing is rendered, as with anything else unsafe.
    html = tooDeepLine(markdown) === undefined ? String(markdownProcessor().processSync(markdown)) : '';
    // The feeds render every article twice a build (RSS and Atom), and a dev server's builds
    // render them again after each save: the same text gives the same HTML, so keep the last few.
    if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
    rendered.set(markdown, html);
  }
  return html;
}

/** Bodies kept by `renderMarkdown`, oldest dropped first. */
const RENDERED_KEPT = 256;
const rendered = new Map<string, string>();

/** Where a Markdown body comes from, for locating what is wrong in it. */
export interface MarkdownSource {
  /** Absolute path of the content file. */
  file: string;
  /** Line of the file on which the body starts. */
  bodyLine: number;
}

/** Renders a content file's body, reporting every script, event handler and unsafe URL in it with its line in the file. */
export function renderContentMarkdown(markdown: string, source: MarkdownSource): { html: string; diagnostics: Diagnostic[] } {
  // Refused before parsing: the parser's time grows with the square of the nesting (see nesting-scan.ts).
  const deep = tooDeepLine(markdown);
  if (deep !== undefined) return { html: '', diagnostics: [located({ ...tooDeepFinding(), line: deep }, source)] };
  let file: VFile;
  try {
    file = markdownProcessor().processSync(markdown);
  } catch (error) {
    // Nesting tens of thousands deep exhausts the stack inside the parsers, before limitNesting sees
    // the tree: the author's to fix, and said in the same words. Any other error is the engine's.
    if (!(error instanceof RangeError)) throw error;
    return { html: '', diagnostics: [located(tooDeepFinding(), source)] };
  }
  return { html: String(file), diagnostics: unsafeFindings(file).map((finding) => located(finding, source)) };
}

function located(finding: UnsafeFinding, source: MarkdownSource): Diagnostic {
  return { file: source.file, ...finding, severity: finding.severity ?? 'error', line: finding.line + source.bodyLine - 1 };
}

/** The links of a rendered body, each with the line (counted from the body's first line) it is written on. */
export function markdownLinks(markdown: string): { url: string; line: number }[] {
  if (tooDeepLine(markdown) !== undefined) return [];
  const processor = markdownProcessor();
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  const links: { url: string; line: number }[] = [];
  const visit = (node: Root | Root['children'][number], line: number) => {
    if (node.type !== 'element' && node.type !== 'root') return;
    const here = node.position?.start.line ?? line;
    if (node.type === 'element') {
      for (const name of ['href', 'src'] as const) {
        const value = node.properties[name];
        if (typeof value === 'string') links.push({ url: value, line: here });
      }
    }
    for (const child of node.children) visit(child, here);
  };
  visit(tree, 1);
  return links;
}
