import { createRequire } from 'node:module';
import type { Root } from 'hast';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { ImageManifest } from '../images/manifest.ts';
import { fastPath } from '../core/fast-paths.ts';
import { folderOf } from '../core/urls.ts';
import { rehypeFlagUnsafeHtml, remarkFlagUnsafeUrls, unsafeFindings } from '../safety/markdown-safety.ts';
import { limitNesting, tooDeepFinding } from '../safety/nesting.ts';
import { unboundedMarkdown } from '../safety/markdown-bounds.ts';
import { missingAltText, rehypeContentUrls, remarkNoteEmptyAlt, rewrittenUrls, type BodyContext } from './content-urls.ts';
import { rehypeHighlight, unknownLanguageFindings } from './highlight.ts';
import { highlightThemes, type MarkdownDefinition } from '../site/markdown-options.ts';
import { mdxSyntaxLine } from './mdx-in-markdown.ts';
import { rehypeLinksAndIds } from './rehype-links-and-ids.ts';
import { pluginMessage, pluginMessages, sitePlugins, SitePluginError } from './site-plugins.ts';
import { diagnose, severityOf, phrase } from '../diagnostics/catalogue/index.ts';

const require = createRequire(import.meta.url);

/**
 * The HTML of a body written as plain prose, byte for byte what the processor makes of it
 * without site plugins, or undefined for any other body. The runner's reads a subset of
 * Markdown by hand (`runner/fast-paths/prose-markdown.ts`). `folder`: as in `BodyContext`.
 */
export type ProseReader = (markdown: string, folder: string | undefined) => string | undefined;

/** The prose reader, when the fast paths are on (see `core/fast-paths.ts`). */
export const proseReaderPath = fastPath<ProseReader>();

/**
 * Remark plugins run right after remark-gfm that leave out GFM work a body cannot need, the tree
 * unchanged: the runner's guard the autolink literals and the tables (`runner/fast-paths/`).
 */
export const gfmGuardsPath = fastPath<PluggableList>();

/**
 * The frozen processor every page is rendered with. The site's own plugins (`markdown`) run first,
 * in the order given: remark ones on the Markdown tree, rehype ones once raw HTML is parsed. Then
 * the engine's passes that keep content safe, which no plugin can skip: unsafe content (scripts,
 * event handlers, `javascript:` URLs) is noted with its position before anything is removed; raw
 * HTML is sanitized (GitHub's rules); fenced code is highlighted (engine-made markup, after the
 * sanitizer); heading ids are added after sanitizing so they keep their plain slugs, and links to
 * other origins open in a new tab without handing it `window.opener` or the referrer. Last,
 * relative URLs are resolved against the file's folder and the site's images made responsive (see
 * `content-urls.ts`), when the file's `BodyContext` asks for it.
 */
export function createProcessor(
  linkPasses: PluggableList = [rehypeLinksAndIds],
  markdown?: MarkdownDefinition,
  gfmGuards: PluggableList = gfmGuardsPath.get() ?? [],
) {
  const themes = highlightThemes(markdown);
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(gfmGuards)
      .use(sitePlugins(markdown?.remarkPlugins, 'remarkPlugins'))
      .use(limitNesting)
      .use(remarkFlagUnsafeUrls)
      .use(remarkNoteEmptyAlt)
      // No prefix here: the sanitizer prefixes every id itself, and a second prefix would break footnote links.
      .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '' })
      .use(rehypeRawWhenPresent)
      .use(sitePlugins(markdown?.rehypePlugins, 'rehypePlugins'))
      // A plugin may have added raw HTML of its own: parsed here, it is checked and sanitized like the content's.
      .use(markdown?.rehypePlugins?.length ? [rehypeRawWhenPresent] : [])
      .use(limitNesting)
      .use(rehypeFlagUnsafeHtml)
      .use(rehypeSanitize)
      .use(themes ? [[rehypeHighlight, themes]] : [])
      .use(linkPasses)
      .use(rehypeContentUrls)
      .use(rehypeStringify)
      .freeze()
  );
}

type MarkdownProcessor = ReturnType<typeof createProcessor>;

/** Processors made with one list of GFM guards (none: the fast paths off): the one without settings, and one per site's settings. */
interface Processors {
  shared?: MarkdownProcessor;
  bySettings: WeakMap<MarkdownDefinition, MarkdownProcessor>;
}
const processors = new Map<PluggableList | undefined, Processors>();

/** One processor per site's settings (and state of the fast paths), made on its first page in each thread. */
function markdownProcessor(markdown?: MarkdownDefinition): MarkdownProcessor {
  const guards = gfmGuardsPath.get();
  let made = processors.get(guards);
  if (!made) processors.set(guards, (made = { bySettings: new WeakMap() }));
  if (!markdown) return (made.shared ??= createProcessor(undefined, undefined, guards ?? []));
  let processor = made.bySettings.get(markdown);
  if (!processor) made.bySettings.set(markdown, (processor = createProcessor(undefined, markdown, guards ?? [])));
  return processor;
}

/**
 * rehype-raw, run only on trees that hold raw HTML. It re-parses the whole tree with parse5
 * (about a third of the time a page's Markdown takes), and a tree without `raw` nodes comes
 * out the same, so most bodies skip it. It is loaded (synchronously, as `highlight.ts` loads
 * Shiki) on the first such tree: a site without raw HTML never loads it and parse5.
 */
function rehypeRawWhenPresent() {
  let parse: ReturnType<typeof import('rehype-raw').default> | undefined;
  const hasRaw = (node: Root | Root['children'][number]): boolean =>
    node.type === 'raw' ||
    ('children' in node && node.children.some(hasRaw)) ||
    (node.type === 'element' && node.content !== undefined && hasRaw(node.content));
  return (tree: Root, file: VFile) =>
    hasRaw(tree) ? (parse ??= (require('rehype-raw') as typeof import('rehype-raw')).default())(tree, file) : tree;
}

/**
 * A body of plain prose, read without the processor (see `ProseReader`), when the fast paths are
 * on and the site has no plugins of its own; undefined for any other body.
 */
function proseHtml(markdown: string, settings: MarkdownDefinition | undefined, context: BodyContext | undefined): string | undefined {
  if (settings?.remarkPlugins?.length || settings?.rehypePlugins?.length) return undefined;
  return proseReaderPath.get()?.(markdown, context?.folder);
}

/** A vfile of a body with what it is rendered with (see `BodyContext`). */
function bodyFile(markdown: string, context: BodyContext | undefined): VFile {
  return new VFile({ value: markdown, data: { context } });
}

/**
 * Renders a Markdown body to sanitized HTML (anything unsafe is dropped without a word), with the
 * engine's defaults or a site's `markdown` settings (its plugins and highlighting). With a
 * context, relative URLs resolve against its folder and the site's images become responsive.
 */
export function renderMarkdown(markdown: string, settings?: MarkdownDefinition, context?: BodyContext): string {
  const processor = markdownProcessor(settings);
  const key = context ? `${context.imageMode ?? 'page'}\0${context.folder ?? ''}\0${markdown}` : markdown;
  const cache = keptFor(processor, context?.images);
  const kept = cache.get(key);
  if (kept) {
    // The images it drew are looked up again, so that whoever watches the manifest sees this body's reads too.
    if (context?.images) for (const url of kept.images) Object.hasOwn(context.images, url);
    return kept.html;
  }
  const images = context?.images && imagesRead(context.images);
  const drawn = images ? { ...context, images: images.manifest } : context;
  // Past the limits, the parser would take quadratic time: nothing is rendered, as with anything else unsafe.
  const html =
    unboundedMarkdown(markdown) === undefined
      ? (proseHtml(markdown, settings, drawn) ?? String(processor.processSync(bodyFile(markdown, drawn))))
      : '';
  // The feeds render every article twice a build (RSS and Atom), and a dev server's builds
  // render them again after each save: the same text gives the same HTML, so keep the last few.
  if (cache.size >= RENDERED_KEPT) cache.delete(cache.keys().next().value!);
  cache.set(key, { html, images: images ? [...images.read] : [] });
  return html;
}

/** A manifest that notes each URL looked up in it. */
function imagesRead(manifest: ImageManifest): { manifest: ImageManifest; read: Set<string> } {
  const read = new Set<string>();
  const noting = new Proxy(manifest, {
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === 'string') read.add(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
  return { manifest: noting, read };
}

/** Bodies kept by `renderMarkdown` for each processor, oldest dropped first. */
const RENDERED_KEPT = 256;
const rendered = new WeakMap<MarkdownProcessor, Map<string, KeptBody>>();
/** Bodies rendered with a build's images, kept with that build's manifest (a later build's variants may differ). */
const renderedByImages = new WeakMap<ImageManifest, WeakMap<MarkdownProcessor, Map<string, KeptBody>>>();
/** A body's HTML and the URLs it looked up in the manifest. */
interface KeptBody {
  html: string;
  images: string[];
}

function keptFor(processor: MarkdownProcessor, images: ImageManifest | undefined): Map<string, KeptBody> {
  let byProcessor = rendered;
  if (images) {
    let withImages = renderedByImages.get(images);
    if (!withImages) renderedByImages.set(images, (withImages = new WeakMap()));
    byProcessor = withImages;
  }
  let kept = byProcessor.get(processor);
  if (!kept) byProcessor.set(processor, (kept = new Map()));
  return kept;
}

/** Where a Markdown body comes from, for locating what is wrong in it. */
export interface MarkdownSource {
  /** Absolute path of the content file. */
  file: string;
  /** Line of the file on which the body starts. */
  bodyLine: number;
  /** Path relative to the content folder: relative URLs in the body resolve against its folder (none: they stay as written). */
  relative?: string;
}

/** What a content file's body is rendered with: its folder, and the build's images (none: images stay as written). */
export function contentBodyContext(
  source: { relative?: string },
  images?: ImageManifest,
  imageMode: BodyContext['imageMode'] = 'page',
): BodyContext {
  return { folder: source.relative ? folderOf(source.relative) : undefined, images, imageMode };
}

/**
 * Renders a content file's body with the site's `markdown` settings, reporting every script,
 * event handler and unsafe URL in it with its line in the file, a site plugin that threw (at the
 * file, naming the plugin's field), and, as warnings, code fences in languages the highlighter
 * does not know and images without alt text.
 */
export function renderContentMarkdown(
  markdown: string,
  source: MarkdownSource,
  settings?: MarkdownDefinition,
  images?: ImageManifest,
): { html: string; diagnostics: Diagnostic[] } {
  // Refused before parsing: the parser's time would grow with the square of the text (see markdown-bounds.ts).
  const unbounded = unboundedMarkdown(markdown);
  if (unbounded) return { html: '', diagnostics: [located(unbounded, source)] };
  const context = contentBodyContext(source, images);
  const prose = proseHtml(markdown, settings, context);
  // An import or export line is plain prose to the prose reader: the warning is the same either way.
  if (prose !== undefined) return { html: prose, diagnostics: mdxWarnings(markdown, source) };
  let file: VFile;
  try {
    file = markdownProcessor(settings).processSync(bodyFile(markdown, context));
  } catch (error) {
    if (error instanceof SitePluginError) return { html: '', diagnostics: [pluginFailed(error, source)] };
    // Nesting tens of thousands deep exhausts the stack inside the parsers, before limitNesting sees
    // the tree: the author's to fix, and said in the same words. Any other error is the engine's.
    if (!(error instanceof RangeError)) throw error;
    return { html: '', diagnostics: [located(tooDeepFinding(), source)] };
  }
  const unsafe = unsafeFindings(file).map((finding) => located(finding, source));
  const languages = unknownLanguageFindings(file).map((finding) => located(finding, source, severityOf(finding.code)));
  const noAlt = missingAltText(file).map(
    ({ line, column, field, src }): Diagnostic => ({
      ...diagnose('missing-alt', { markdown: field === 'image' }),
      file: source.file,
      line: line + source.bodyLine - 1,
      column,
      field,
      expected: phrase('image-alt'),
      actual: JSON.stringify(src),
    }),
  );
  const said = pluginMessages(file).map((message) => pluginMessage(message, source));
  return { html: String(file), diagnostics: [...unsafe, ...languages, ...noAlt, ...said, ...mdxWarnings(markdown, source)] };
}

/** The warning for MDX written in a Markdown body, at its first such line (see `mdx-in-markdown.ts`). */
function mdxWarnings(markdown: string, source: MarkdownSource): Diagnostic[] {
  const mdx = mdxSyntaxLine(markdown);
  return mdx ? [located({ ...diagnose('mdx-in-markdown', { written: mdx.written }), line: mdx.line, severity: 'warning' }, source)] : [];
}

/** A finding at its line in the file; an error unless the finding or the caller says it is a warning. */
function located(
  finding: Omit<Diagnostic, 'severity'> & { line: number; severity?: Diagnostic['severity'] },
  source: MarkdownSource,
  severity: Diagnostic['severity'] = 'error',
): Diagnostic {
  return { file: source.file, ...finding, severity: finding.severity ?? severity, line: finding.line + source.bodyLine - 1 };
}

/** A site plugin that threw on a file: the file is where it happened, the field which plugin. */
function pluginFailed(error: SitePluginError, source: MarkdownSource): Diagnostic {
  const cause = error.cause as Error;
  return {
    ...diagnose('markdown-plugin-failed', { field: error.field, plugin: error.plugin, reason: cause.message }),
    file: source.file,
    line: source.bodyLine,
    field: error.field,
    detail: cause.stack,
  };
}

/**
 * The links of a rendered body, each with the line (counted from the body's first line) it is
 * written on, and the URL as written when the rendering resolved it against the file's folder.
 */
export function markdownLinks(
  markdown: string,
  source: { relative?: string } = {},
  settings?: MarkdownDefinition,
): { url: string; line: number; written?: string }[] {
  if (unboundedMarkdown(markdown) !== undefined) return [];
  const processor = markdownProcessor(settings);
  const file = bodyFile(markdown, contentBodyContext(source));
  const tree = processor.runSync(processor.parse(file), file) as Root;
  const rewritten = rewrittenUrls(file);
  const links: { url: string; line: number; written?: string }[] = [];
  const visit = (node: Root | Root['children'][number], line: number) => {
    if (node.type !== 'element' && node.type !== 'root') return;
    const here = node.position?.start.line ?? line;
    if (node.type === 'element') {
      for (const name of ['href', 'src'] as const) {
        const value = node.properties[name];
        if (typeof value === 'string') links.push({ url: value, line: here, written: rewritten.get(value) });
      }
    }
    for (const child of node.children) visit(child, here);
  };
  visit(tree, 1);
  return links;
}
