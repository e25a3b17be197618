import fs from 'node:fs';
import module, { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import type { Element } from 'hast';
import type { Root as MdastRoot, RootContent as MdastNode } from 'mdast';
import type { VFile } from 'vfile';
import { diagnose } from '../diagnostics/catalogue/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { unsafeElementFindings, unsafeFindings } from './markdown-safety.ts';

/**
 * What the engine refuses of MDX, which is code (docs/security.md, "MDX is code"): an MDX file's
 * imports reach only the project's own files and its packages, and its text writes no script,
 * event handler or `javascript:` URL (refused with the Markdown checks' codes). What its body
 * renders is checked for scripts in `render/mdx-inline-scripts.ts`.
 */

/**
 * Part of every MDX bundle's key (see `BundleExtras.key`): a bundle is reused without running its
 * plugins, so one made before these checks, or by others, must never be. Change it with them.
 */
export const MDX_CHECKS = 'mdx-checks-1';

/** Something of an MDX file the engine refuses, carried through esbuild (as a message's `detail`) to the MDX file's line. */
export class RefusedMdx extends Error {
  override name = 'RefusedMdx';
  /** The diagnostic without its file; `line` is missing when only the MDX file's text can tell it (an import). */
  readonly diagnostic: Omit<Diagnostic, 'file' | 'line' | 'severity'> & { line?: number };
  /** What to look for in the MDX file's text when the diagnostic has no line: the import as written. */
  readonly specifier?: string;
  constructor(diagnostic: RefusedMdx['diagnostic'], specifier?: string) {
    super(diagnostic.message);
    this.diagnostic = diagnostic;
    this.specifier = specifier;
  }
}

/** Marks the resolution the guard asks for itself, so it does not check its own question. */
const CHECKING = Symbol('mdx-import-check');

/**
 * The esbuild plugin of an MDX bundle that refuses an MDX file's imports of a Node built-in, an
 * absolute path or URL, and anything that resolves (through `../`, a link or a tsconfig path)
 * outside the project root. Only imports written in `.mdx` files are checked: the site's code
 * files they import are the site's code.
 */
export function mdxImportGuard(site: { root: string; contentDir: string }): esbuild.Plugin {
  // The project is its root and its content folder (which a site may keep elsewhere), as real paths: esbuild follows links.
  const project = [site.root, site.contentDir].map((folder) => fs.realpathSync(folder));
  return {
    name: 'stillsite-mdx-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (!args.importer.endsWith('.mdx') || args.pluginData === CHECKING) return undefined;
        const kind = refusedByName(args.path) ?? (await refusedByPlace(build, args, project));
        // A package left to Node that is not installed would fail only when the page's module loads, with a stack trace.
        if (kind === 'missing') return { errors: [{ text: `Could not resolve "${args.path}"` }] };
        if (!kind) return undefined;
        const { severity: _, ...words } = diagnose('mdx-import-refused', { specifier: args.path, kind });
        const refused = new RefusedMdx({ ...words, field: 'import' }, args.path);
        return { errors: [{ text: refused.message, detail: refused }] };
      });
    },
  };
}

/** Why an import is refused by how it is written: a module of Node itself, or an absolute path or URL. */
function refusedByName(specifier: string): 'builtin' | 'absolute' | undefined {
  if (specifier.startsWith('node:') || isBuiltin(specifier)) return 'builtin';
  if (path.isAbsolute(specifier) || path.win32.isAbsolute(specifier) || /^[a-z][a-z\d+.-]*:/i.test(specifier)) return 'absolute';
  return undefined;
}

/** Whether an import resolves (links followed, tsconfig paths applied) to a file outside the project. */
async function refusedByPlace(
  build: esbuild.PluginBuild,
  args: esbuild.OnResolveArgs,
  project: readonly string[],
): Promise<'outside' | 'missing' | undefined> {
  const resolved = await build.resolve(args.path, {
    kind: args.kind,
    importer: args.importer,
    resolveDir: args.resolveDir,
    pluginData: CHECKING,
  });
  // What does not resolve is esbuild's to report; a package left to Node is the project's own, if it is installed.
  if (resolved.external) return isInstalled(args.path, args.importer) ? undefined : 'missing';
  if (resolved.errors.length || !path.isAbsolute(resolved.path)) return undefined;
  const inside = project.some((folder) => {
    const relative = path.relative(folder, resolved.path);
    return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
  });
  return inside ? undefined : 'outside';
}

/** Whether Node finds the package a bare specifier names (`@scope/name/sub` → `@scope/name`) from the importing file. */
function isInstalled(specifier: string, importer: string): boolean {
  try {
    return module.findPackageJSON(specifier, pathToFileURL(importer)) !== undefined;
  } catch {
    return false;
  }
}

/** What `remarkCheckMdx` refused in a file, kept on the file's data until the loader reads it (`refusedContent`). */
type Refusal = RefusedMdx['diagnostic'] & { line: number };

/**
 * Remark plugin for MDX. The JSX elements its text writes (`<script>`, `<a onclick>`,
 * `<a href="javascript:…">`) are checked as raw HTML in Markdown is, with the same codes. Only
 * HTML elements: a component's props are data for the site's code, whose output is checked when
 * the page renders (`render/mdx-inline-scripts.ts`, and the page checks). Attributes given by an
 * expression are checked when they are a plain string. And imports are checked as they are
 * written (`refusedImports`): an `import()` of a module named by an expression, which esbuild
 * cannot resolve, would never reach `mdxImportGuard`.
 */
export function remarkCheckMdx() {
  return (tree: MdastRoot, file: VFile) => {
    const refused: Refusal[] = [];
    const visit = (node: MdastRoot | MdastNode) => {
      const jsx = node as unknown as JsxElement;
      const isJsx = jsx.type === 'mdxJsxFlowElement' || jsx.type === 'mdxJsxTextElement';
      if (isJsx && jsx.name && /^[a-z][\w-]*$/.test(jsx.name)) {
        const where = { line: jsx.position?.start.line ?? 1, column: jsx.position?.start.column ?? 1 };
        for (const { severity: _, ...finding } of unsafeElementFindings(asElement(jsx), where))
          if (finding.code !== 'style-removed') refused.push(finding);
      }
      const programs = [jsx.data?.estree, ...(isJsx ? jsx.attributes.map((attribute) => attributeProgram(attribute)) : [])];
      for (const program of programs) if (program) refused.push(...refusedImports(program));
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(tree);
    (file.data as { mdxRefused?: Refusal[] }).mdxRefused = refused;
  };
}

/**
 * What a compiled MDX file's text writes that runs code or escapes the import check (found by
 * `remarkFlagUnsafeUrls` and `remarkCheckMdx`), as errors for esbuild to carry to the file's
 * lines: errors of the bundle, so that no bundle is kept for a later build to reuse unchecked.
 */
export function refusedContent(file: VFile): esbuild.PartialMessage[] {
  const refused = [
    ...unsafeFindings(file).map(({ severity: _, ...finding }) => finding),
    ...((file.data as { mdxRefused?: Refusal[] }).mdxRefused ?? []),
  ];
  return refused.map((diagnostic) => ({ text: diagnostic.message, detail: new RefusedMdx(diagnostic) }));
}

/** Statements and expressions that name a module: `import … from`, `export … from`, `import(…)`. */
const NAMES_A_MODULE = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression']);

/**
 * The imports of a program refused by how they are written, at their lines: a built-in, an
 * absolute path or URL (as `mdxImportGuard` would refuse them, but found with the file's other
 * mistakes, which stop its bundle before any import is resolved), or an `import(…)` of a module
 * named by an expression.
 */
function refusedImports(program: unknown): Refusal[] {
  const found: Refusal[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return void node.forEach(visit);
    const statement = node as {
      type?: string;
      source?: { type: string; value?: unknown } | null;
      loc?: { start: { line: number; column: number } };
    };
    // An export without `from` names no module; an `import(…)` always does, by a string or not.
    if (statement.type && NAMES_A_MODULE.has(statement.type) && (statement.source || statement.type === 'ImportExpression')) {
      const specifier =
        statement.source?.type === 'Literal' && typeof statement.source.value === 'string' ? statement.source.value : undefined;
      const kind = specifier === undefined ? 'computed' : refusedByName(specifier);
      if (kind) {
        const { severity: _, ...words } = diagnose('mdx-import-refused', { specifier: specifier ?? 'import(…)', kind });
        const at = { line: statement.loc?.start.line ?? 1, column: (statement.loc?.start.column ?? 0) + 1 };
        found.push({ ...words, field: 'import', ...at });
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'loc' && key !== 'range') visit(value);
  };
  visit(program);
  return found;
}

/** The program of an attribute given by an expression (`href={…}`, `{...props}`), if it is one. */
function attributeProgram(attribute: JsxElement['attributes'][number]): unknown {
  if (attribute.type === 'mdxJsxExpressionAttribute') return attribute.data?.estree;
  return typeof attribute.value === 'object' && attribute.value ? attribute.value.data?.estree : undefined;
}

interface JsxElement {
  type: string;
  name: string | null;
  attributes: Array<{
    type: string;
    name?: string;
    value?: string | null | { value: string; data?: { estree?: unknown } };
    data?: { estree?: unknown };
  }>;
  data?: { estree?: unknown };
  position?: { start: { line: number; column: number } };
}

/** The hast names of the attributes the Markdown checks read whose name is not as HTML or React writes it, by their name in lower case. */
const HAST_NAMES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['srcSet', 'formAction', 'srcDoc', 'httpEquiv', 'codeBase', 'longDesc', 'classId', 'itemId', 'xLinkHref'].map((name) => [
      name.toLowerCase(),
      name,
    ]),
  ),
  'http-equiv': 'httpEquiv',
  'xlink:href': 'xLinkHref',
};

/** A JSX element as the hast element the Markdown checks read: attribute names as hast properties, values as written. */
function asElement(jsx: JsxElement): Element {
  const properties: Element['properties'] = {};
  for (const attribute of jsx.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) continue;
    const name = HAST_NAMES[attribute.name.toLowerCase()] ?? attribute.name;
    const value = attribute.value;
    properties[name] =
      value === null || value === undefined ? true : typeof value === 'string' ? value : (plainString(value) ?? value.value);
  }
  return { type: 'element', tagName: jsx.name!, properties, children: [] };
}

/** The string an attribute's expression is, when it is a string literal or a template without placeholders. */
function plainString(expression: { data?: { estree?: unknown } }): string | undefined {
  const program = expression.data?.estree as { body?: Array<{ type: string; expression?: any }> } | undefined;
  const value = program?.body?.[0]?.type === 'ExpressionStatement' ? program.body[0].expression : undefined;
  if (value?.type === 'Literal' && typeof value.value === 'string') return value.value;
  if (value?.type === 'TemplateLiteral' && value.expressions.length === 0) return value.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}
