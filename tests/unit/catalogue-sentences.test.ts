import fs from 'node:fs';
import path from 'node:path';
import { API } from 'typescript/unstable/sync';
import {
  type BinaryExpression,
  type ClassDeclaration,
  type ConditionalExpression,
  type Expression,
  type NewExpression,
  type Node,
  type ParenthesizedExpression,
  type PropertyAssignment,
  type SourceFile,
  SyntaxKind,
  type TemplateExpression,
  type ThrowStatement,
  type CallExpression,
} from 'typescript/unstable/ast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every sentence a user reads (what a diagnostic expects, its message and hint, the text of an
 * error thrown at them) lives in `src/diagnostics/catalogue/`, so that `docs/errors.md` lists them
 * and one place words them. This test parses each file of `src/` with TypeScript's own parser and
 * finds words written inline where such a sentence is made.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const CATALOGUE = path.join(ROOT, 'src/diagnostics/catalogue');
/** The fields of a diagnostic (and of a zod issue's params) whose text the user reads. */
const SENTENCE_FIELDS = new Set(['expected', 'message', 'hint']);

/**
 * Sentences allowed outside the catalogue, by file and the start of their text, each with its reason:
 * the words of an invariant no user should meet, or text that runs in the browser.
 */
const LEFT_OUT: Record<string, string> = {
  'src/runner/reuse/facts.ts: Unknown kind of build fact': 'an invariant: the kinds are a closed union',
  'src/images/manifest.ts: An image has no … variant to fall back on.': 'an invariant: every image is encoded in its fallback format',
  'src/serve/listen.ts: unreachable': 'an invariant: the loop above returns or throws',
  'src/content/data-parse.ts: The … parser was not loaded': 'an invariant: the build loads the parsers before it parses data files',
  'src/render/render-page.ts: The MDX module of … was not loaded before rendering.':
    'an invariant: MDX modules are compiled before pages render',
  'src/render/code-meta.ts: Shiki drew no <pre> for a … block': 'an invariant: Shiki always draws a <pre>',
  'src/init/multilingual-starter.ts: …: a table per language of the starter expected':
    "an invariant: checks the engine's own starter files",
  'src/init/multilingual-starter.ts: …: one … expected': "an invariant: checks the engine's own starter files",
  'src/content/front-matter-bounds.ts: Map keys must be unique': "the yaml package's own words, for its own error class",
  'src/client/requests.ts: hydrateIsland: the element is not inside an island.':
    "runs in the browser: the catalogue would join every page's script",
  'src/client/requests.ts: hydrateIsland: no client is running to hydrate "':
    "runs in the browser: the catalogue would join every page's script",
  'src/client/navigate.ts: … answered … …': 'runs in the browser, and is caught there: the navigation falls back to a full load',
  'src/client/navigate.ts: … has no <main> to swap in':
    'runs in the browser, and is caught there: the navigation falls back to a full load',
  "src/site/engine-modules.ts: The engine's … module was not provided before a site's code was loaded":
    'an invariant: the command line and every worker provide the engine before loading site code',
  'src/client/runtime.ts: No island named "': "runs in the browser: the catalogue would join every page's script",
};

/** The text of a literal, with `…` for each value of a template. */
function literalText(node: Node): string | undefined {
  if (node.kind === SyntaxKind.StringLiteral || node.kind === SyntaxKind.NoSubstitutionTemplateLiteral)
    return (node as unknown as { text: string }).text;
  if (node.kind === SyntaxKind.TemplateExpression) {
    const template = node as TemplateExpression;
    return [template.head.text, ...template.templateSpans.map((span) => `…${span.literal.text}`)].join('');
  }
  return undefined;
}

/** The literals an expression is made of: itself, the branches of `?:`, the operands of `+`, `||`, `??`; not the arguments of a call. */
function literalsOf(node: Expression): Node[] {
  switch (node.kind) {
    case SyntaxKind.ParenthesizedExpression:
      return literalsOf((node as ParenthesizedExpression).expression);
    case SyntaxKind.ConditionalExpression: {
      const conditional = node as ConditionalExpression;
      return [...literalsOf(conditional.whenTrue), ...literalsOf(conditional.whenFalse)];
    }
    case SyntaxKind.BinaryExpression: {
      const binary = node as BinaryExpression;
      const joins = [SyntaxKind.PlusToken, SyntaxKind.BarBarToken, SyntaxKind.QuestionQuestionToken, SyntaxKind.AmpersandAmpersandToken];
      return joins.includes(binary.operatorToken.kind) ? [...literalsOf(binary.left), ...literalsOf(binary.right)] : [];
    }
    case SyntaxKind.TemplateExpression: {
      const template = node as TemplateExpression;
      return [node, ...template.templateSpans.flatMap((span) => literalsOf(span.expression))];
    }
    case SyntaxKind.StringLiteral:
    case SyntaxKind.NoSubstitutionTemplateLiteral:
      return [node];
    default:
      return [];
  }
}

/** Words a reader reads: two small letters in a row (a code such as `DUPLICATE_KEY` is no sentence). */
const WORDS = /\p{Ll}{2}/u;

function nameOf(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === SyntaxKind.Identifier) return (node as unknown as { text: string }).text;
  if (node.kind === SyntaxKind.PropertyAccessExpression) return nameOf((node as unknown as { name: Node }).name);
  return undefined;
}

/** True inside a class that extends an error class: its `super(…)` is the error's text. */
function inErrorClass(node: Node): boolean {
  for (let at: Node | undefined = node.parent; at; at = at.parent) {
    if (at.kind === SyntaxKind.ClassDeclaration || at.kind === SyntaxKind.ClassExpression) {
      const heritage = (at as ClassDeclaration).heritageClauses ?? [];
      return heritage.some((clause) => clause.types.some((type) => /Error$/.test(nameOf(type.expression) ?? '')));
    }
  }
  return false;
}

/** The expressions whose literals are sentences a user reads, in one file. */
function sentenceSites(file: SourceFile): Expression[] {
  const sites: Expression[] = [];
  const visit = (node: Node): void => {
    if (node.kind === SyntaxKind.PropertyAssignment) {
      const property = node as PropertyAssignment;
      if (SENTENCE_FIELDS.has(nameOf(property.name) ?? '')) sites.push(property.initializer);
    } else if (node.kind === SyntaxKind.NewExpression) {
      const created = node as NewExpression;
      if (/Error$/.test(nameOf(created.expression) ?? '')) sites.push(...(created.arguments ?? []));
    } else if (node.kind === SyntaxKind.ThrowStatement) {
      sites.push((node as ThrowStatement).expression);
    } else if (node.kind === SyntaxKind.CallExpression) {
      const call = node as CallExpression;
      if (call.expression.kind === SyntaxKind.SuperKeyword && inErrorClass(node)) sites.push(...call.arguments);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return sites;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === CATALOGUE ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

describe('every sentence a user reads is in the catalogue', () => {
  let api: API;
  /** `file: text` of each sentence found outside the catalogue. */
  let found: string[] = [];

  beforeAll(() => {
    api = new API({ cwd: ROOT });
    const project = api.updateSnapshot({ openProject: path.join(ROOT, 'tsconfig.json') }).getProjects()[0]!;
    const files = sourceFiles(path.join(ROOT, 'src'));
    found = files.flatMap((name) => {
      const file = project.program.getSourceFile(name);
      if (!file) throw new Error(`TypeScript did not parse ${name}: is it outside tsconfig.json?`);
      const relative = path.relative(ROOT, name);
      return sentenceSites(file)
        .flatMap(literalsOf)
        .map(literalText)
        .filter((text): text is string => text !== undefined && WORDS.test(text))
        .map((text) => `${relative}: ${text}`);
    });
  }, 30_000);

  afterAll(() => api?.close());

  it('finds no sentence written inline outside src/diagnostics/catalogue/, except those left out for a reason', () => {
    const allowed = Object.keys(LEFT_OUT);
    const inline = found.filter((sentence) => !allowed.some((start) => sentence.startsWith(start)));
    expect(inline).toEqual([]);
  });

  it('leaves out only sentences that are still there', () => {
    const stale = Object.keys(LEFT_OUT).filter((start) => !found.some((sentence) => sentence.startsWith(start)));
    expect(stale).toEqual([]);
  });
});
