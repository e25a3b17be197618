import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { Root as MdastRoot, RootContent as MdastNode } from 'mdast';
import type { Pluggable } from 'unified';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import type { Entry } from '../content/entry.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { closest } from '../diagnostics/suggest.ts';
import { bundleSiteCode } from '../site/code.ts';
import type { Site } from '../site/definition.ts';
import { highlightThemes, type MarkdownDefinition } from '../site/markdown-options.ts';
import { rehypeHighlight, unknownLanguageFindings } from './highlight.ts';
import { mdxCustomIds, remarkMdxHeadingIds } from './headings.ts';
import { providedComponentNames } from './mdx-components.ts';
import { rehypeMdxImageUrls } from './mdx-images.ts';
import { folderOf } from '../core/urls.ts';
import { rehypeLinksAndIds } from './rehype-links-and-ids.ts';
import { pluginMessage, pluginMessages, sitePlugins, SitePluginError, withPluginLocation } from './site-plugins.ts';
import { diagnose, severityOf } from '../diagnostics/catalogue/index.ts';
import { remarkFlagUnsafeUrls } from '../safety/markdown-safety.ts';
import { MDX_CHECKS, mdxImportGuard, RefusedMdx, refusedContent, remarkCheckMdx } from '../safety/mdx-safety.ts';

/**
 * MDX content: each `.mdx` entry is compiled with @mdx-js/mdx (the site's remark and rehype
 * plugins, then highlighting and heading ids) and bundled by esbuild the way the site's own code
 * is (`site/code.ts`), so its imports resolve as the site's do. MDX is code: nothing of it is
 * sanitized; what it may import and write is checked (`safety/mdx-safety.ts`), and the page it
 * renders into still goes through the link check and the page checks.
 */

/** The bundles of a build's MDX entries, by entry file, and what went wrong compiling them. */
export interface MdxBundles {
  /** Each MDX entry's module (a file to import), by the entry's file. */
  modules: Record<string, string>;
  /** Each MDX entry's bundle hash, by the entry's file: changes when the file or anything it imports does. */
  hashes: Record<string, string>;
  /** Every file the bundles were made from (components an MDX file imports): edits to them re-render its page. */
  inputs: string[];
  diagnostics: Diagnostic[];
}

/** What MDX is read as, in the bundle key: bundles compiled before GitHub-flavoured Markdown was on are not reused. */
const MDX_SYNTAX = 'mdx+gfm';

/** Whether an entry is written in MDX. */
export function isMdx(entry: Pick<Entry, 'file'>): boolean {
  return entry.file.endsWith('.mdx');
}

/** Compiles and bundles every MDX entry (each bundle reused while neither its files nor the site's code change). */
export async function bundleMdx(site: Site, entries: readonly Entry[]): Promise<MdxBundles> {
  const bundles: MdxBundles = { modules: {}, hashes: {}, inputs: [], diagnostics: [] };
  const mdx = entries.filter(isMdx);
  if (mdx.length === 0) return bundles;
  const inputs = new Set<string>();
  for (const entry of mdx) {
    const warnings: Diagnostic[] = [];
    try {
      const name = `mdx-${createHash('sha256').update(entry.file).digest('hex').slice(0, 12)}`;
      // The site's code (its plugins and their options) decides how MDX compiles.
      const bundle = await bundleSiteCode(entry.file, site.root, {
        plugins: [mdxImportGuard(site), mdxLoader(entry, site.markdown, warnings)],
        key: `${MDX_CHECKS}\n${MDX_SYNTAX}\n${site.code?.hash ?? 'no-code'}`,
        name,
      });
      bundles.modules[entry.file] = bundle.file;
      bundles.hashes[entry.file] = bundle.hash;
      for (const input of bundle.inputs) if (input !== entry.file) inputs.add(input);
      bundles.diagnostics.push(...warnings);
    } catch (error) {
      bundles.diagnostics.push(...bundleProblems(error, entry, site.root).map((diagnostic) => withPluginLocation(diagnostic, site)));
    }
  }
  bundles.inputs = [...inputs].sort();
  return bundles;
}

/** The esbuild loader of one MDX entry: its text, front matter blanked so lines keep their numbers, compiled to JavaScript. */
function mdxLoader(entry: Entry, markdown: MarkdownDefinition | undefined, warnings: Diagnostic[]): esbuild.Plugin {
  return {
    name: 'stillsite-mdx',
    setup(build) {
      build.onLoad({ filter: /\.mdx$/ }, async ({ path: file }) => {
        const read = file === entry.file ? `${'\n'.repeat(entry.bodyLine - 1)}${entry.body}` : fs.readFileSync(file, 'utf8');
        const text = mdxCustomIds(read);
        const source = new VFile({ path: file, value: text });
        const themes = highlightThemes(markdown);
        try {
          // Loaded on the first MDX file that needs compiling: a site without any never loads the compiler.
          const { compile } = await import('@mdx-js/mdx');
          const compiled = await compile(source, {
            // A GFM table's column alignment as HTML's align attribute, which the strict CSP allows (a style attribute it blocks).
            tableCellAlignToStyle: false,
            remarkPlugins: [
              // Tables, task lists, strikethrough and autolinks, as in the site's Markdown (render/markdown.ts).
              remarkGfm,
              ...sitePlugins(markdown?.remarkPlugins, 'remarkPlugins'),
              [remarkKnownComponents, providedComponentNames(markdown)],
              remarkMdxHeadingIds,
              remarkFlagUnsafeUrls,
              remarkCheckMdx,
            ],
            rehypePlugins: [
              ...sitePlugins(markdown?.rehypePlugins, 'rehypePlugins'),
              ...(themes ? [[rehypeHighlight, themes] as Pluggable] : []),
              rehypeLinksAndIds,
              [rehypeMdxImageUrls, folderOf(entry.relative)],
            ],
          });
          for (const finding of unknownLanguageFindings(compiled)) warnings.push({ severity: severityOf(finding.code), file, ...finding });
          // The text compiled keeps the file's line numbers (its front matter blanked), so lines need no shift.
          for (const message of pluginMessages(compiled)) warnings.push(pluginMessage(message, { file, bodyLine: 1 }));
          const refused = refusedContent(compiled);
          if (refused.length) return { errors: refused };
          return { contents: String(compiled), loader: 'js', resolveDir: path.dirname(file) };
        } catch (error) {
          if (error instanceof SitePluginError) throw error;
          const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
          const at = place?.start ?? place;
          const message = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error));
          return { errors: [{ text: message, location: { file, line: at?.line ?? 1, column: Math.max(0, (at?.column ?? 1) - 1) } }] };
        }
      });
    },
  };
}

/**
 * Remark plugin: every component the MDX uses (`<Chart>`, `<ui.Card>`) must be imported or
 * defined in the file, or given to every page (`provided`, see `mdx-components.ts`), or it would
 * fail only when the page renders, far from where it is written.
 */
function remarkKnownComponents(provided: readonly string[] = []) {
  return (tree: MdastRoot, file: VFile) => {
    const known = new Set<string>(provided);
    const used: Array<{ name: string; line: number; column: number }> = [];
    const visit = (node: MdastRoot | MdastNode) => {
      if (node.type === 'mdxjsEsm') for (const name of declaredNames(node.data?.estree)) known.add(name);
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^[A-Z]|\./.test(node.name)) {
        used.push({ name: node.name.split('.')[0]!, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 });
      }
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(tree);
    const unknown = used.find(({ name }) => !known.has(name));
    if (!unknown) return;
    const suggestion = closest(unknown.name, [...known]);
    file.fail(
      `<${unknown.name}> is not imported or defined in this file, nor given in markdown.mdx.components${suggestion ? `; did you mean <${suggestion}>?` : `: import it, e.g. import ${unknown.name} from '../components/${unknown.name}.tsx'`}`,
      {
        place: { line: unknown.line, column: unknown.column },
      },
    );
  };
}

/** The names an ESM block of an MDX file binds: imports and exported declarations. */
function declaredNames(program: unknown): string[] {
  const body = (program as { body?: Array<Record<string, any>> } | undefined)?.body ?? [];
  const names: string[] = [];
  for (const statement of body) {
    if (statement.type === 'ImportDeclaration') for (const specifier of statement.specifiers) names.push(specifier.local.name);
    const declaration =
      statement.type === 'ExportNamedDeclaration'
        ? statement.declaration
        : statement.type === 'VariableDeclaration' || statement.type === 'FunctionDeclaration'
          ? statement
          : undefined;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id) names.push(declaration.id.name);
    if (declaration?.type === 'VariableDeclaration')
      for (const declarator of declaration.declarations) if (declarator.id.type === 'Identifier') names.push(declarator.id.name);
  }
  return names;
}

/** What esbuild (or the MDX compiler, through it) reported, at the MDX file's line and column. */
function bundleProblems(error: unknown, entry: Entry, root: string): Diagnostic[] {
  if (error instanceof SitePluginError) {
    const cause = error.cause as Error;
    return [
      {
        ...diagnose('markdown-plugin-failed', { field: error.field, plugin: error.plugin, reason: cause.message, mdx: true }),
        file: entry.file,
        line: entry.bodyLine,
        field: error.field,
        detail: cause.stack,
      },
    ];
  }
  const failure = error as esbuild.BuildFailure;
  if (!Array.isArray(failure.errors)) throw error;
  const text = fs.readFileSync(entry.file, 'utf8');
  return failure.errors.map((message) => {
    const pluginError = message.detail instanceof SitePluginError ? message.detail : undefined;
    if (pluginError) return bundleProblems(pluginError, entry, root)[0]!;
    if (message.detail instanceof RefusedMdx) {
      const { diagnostic, specifier } = message.detail;
      const at = diagnostic.line ? diagnostic : specifier ? (locate(text, `'${specifier}'`) ?? locate(text, `"${specifier}"`)) : undefined;
      return {
        ...diagnostic,
        severity: severityOf(diagnostic.code),
        file: entry.file,
        line: at?.line ?? entry.bodyLine,
        column: at?.column,
      };
    }
    // An import that does not resolve is located in the compiled code: find it in the MDX file instead.
    const unresolved = /^Could not resolve "(.+)"$/.exec(message.text)?.[1];
    // An import of a file esbuild has no loader for (an image) names the file's path: found by its name in the MDX file.
    const unloaded = /^No loader is configured for "[^"]+" files: (.+)$/.exec(message.text)?.[1];
    const at = unresolved
      ? locate(text, JSON.stringify(unresolved).slice(1, -1))
      : unloaded
        ? locate(text, path.basename(unloaded))
        : message.location && path.resolve(root, message.location.file) === entry.file
          ? { line: message.location.line, column: message.location.column + 1 }
          : undefined;
    return {
      ...diagnose('invalid-mdx', unresolved ? { unresolved } : { compiler: message.text }),
      file: entry.file,
      line: at?.line ?? entry.bodyLine,
      column: at?.column,
    };
  });
}

/** The line and column where `needle` is first written in `text`. */
function locate(text: string, needle: string): { line: number; column: number } | undefined {
  const index = text.indexOf(needle);
  if (index < 0) return undefined;
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}
