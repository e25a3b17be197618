import { createRequire } from 'node:module';
import type { Element, Root } from 'hast';
import type { HighlighterCore, ShikiTransformer } from 'shiki/core';
import { COPY_LABEL } from '../client/copy-code.ts';

/**
 * Code blocks as documentation sites write them (`markdown.shiki.meta`): what a fence's meta
 * says (```` ```js title="src/App.js" {2,4-6} ins={3} /useState/ showLineNumbers ````) drawn by
 * Shiki's own transformers (`@shikijs/transformers`) and the site's, then made to hold under the
 * strict Content-Security-Policy: Shiki's dual-theme CSS variables become the same colour classes
 * `highlight.ts` gives (`hl-…`, `hd-…`), never a `style` attribute. Marks are readable without
 * colour: marked lines are `<mark>`, inserted and deleted ones `<ins>` and `<del>`, each with a
 * bar at its start (see `codeBlockStylesheet`), and a title is the caption of a `<figure>`.
 */

const require = createRequire(import.meta.url);

/** What a fence's meta asks for besides what Shiki's transformers read from it. */
export interface FenceMeta {
  /** `title="src/App.js"`, or a bare file name as the first word. */
  title?: string;
  /** Number the lines (`showLineNumbers`). */
  lineNumbers: boolean;
  /** Inserted and deleted lines, 1-based (`ins={3}`, `del={5-6}`). */
  inserted: number[];
  deleted: number[];
  /** The rest, for Shiki's meta transformers: `{2,4-6}` marked lines, `/useState/` marked words. */
  rest: string;
}

const TITLE = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)')/;
const LINES_OF = (name: string) => new RegExp(`(?:^|\\s)${name}=(\\{[\\d,-]*\\})`);
/** A file name as docs sites write one first in the meta: `src/App.js`, `package.json` (not `/word/` nor `{2}`). */
const FILE_NAME = /^(?![/{])[\w@~+.-]+(?:\/[\w@~+.-]+)*\.[\w-]+$|^(?![/{])[\w@~+.-]+(?:\/[\w@~+.-]+)+$/;

/** Reads a fence's meta (the text after its language). */
export function parseFenceMeta(meta: string): FenceMeta {
  let rest = meta;
  const take = (pattern: RegExp): RegExpExecArray | null => {
    const match = pattern.exec(rest);
    if (match) rest = `${rest.slice(0, match.index)} ${rest.slice(match.index + match[0].length)}`;
    return match;
  };
  const titled = take(TITLE);
  let title = titled ? (titled[1] ?? titled[2]) : undefined;
  const inserted = take(LINES_OF('ins'));
  const deleted = take(LINES_OF('del'));
  const lineNumbers = take(/(?:^|\s)showLineNumbers(?=\s|$)/) !== null;
  const first = /^\s*(\S+)/.exec(rest);
  if (title === undefined && first && FILE_NAME.test(first[1]!)) {
    title = first[1];
    rest = rest.slice(first[0].length);
  }
  return { title, lineNumbers, inserted: lineList(inserted?.[1]), deleted: lineList(deleted?.[1]), rest: rest.trim() };
}

function lineList(braces: string | undefined): number[] {
  if (!braces) return [];
  const { parseMetaHighlightString } = transformers();
  return parseMetaHighlightString(braces) ?? [];
}

function transformers(): typeof import('@shikijs/transformers') {
  return require('@shikijs/transformers') as typeof import('@shikijs/transformers');
}

/** What a site sets for its code blocks (`markdown.shiki`). */
export interface CodeBlockOptions {
  light: string;
  dark: string;
  /** Every block numbered, as `showLineNumbers` numbers one. */
  lineNumbers?: boolean;
  /** The site's own Shiki transformers, run after the engine's. */
  transformers?: ShikiTransformer[];
  /** The island that draws a copy button beside each block (see `CopyCodeButton`). */
  copyButton?: string;
}

/**
 * A fenced block with its meta drawn: `<pre class="shiki">` as `highlight.ts` draws one, with
 * the transformers' marks, in a `<figure>` with its title when it has one.
 */
export function codeBlock(shiki: HighlighterCore, code: string, language: string, meta: string, options: CodeBlockOptions): Element {
  const fence = parseFenceMeta(meta);
  const {
    transformerMetaHighlight,
    transformerMetaWordHighlight,
    transformerNotationDiff,
    transformerNotationHighlight,
    transformerNotationWordHighlight,
  } = transformers();
  const root = shiki.codeToHast(code, {
    lang: language,
    themes: { light: options.light, dark: options.dark },
    defaultColor: false,
    meta: { __raw: fence.rest },
    transformers: [
      transformerMetaHighlight(),
      transformerMetaWordHighlight(),
      transformerNotationDiff(),
      transformerNotationHighlight(),
      transformerNotationWordHighlight(),
      insertedAndDeleted(fence, language),
      ...(options.transformers ?? []),
    ],
  }) as Root;
  const pre = root.children.find((node): node is Element => node.type === 'element' && node.tagName === 'pre');
  if (!pre) throw new Error(`Shiki drew no <pre> for a ${language} block`);
  const themeClasses = new Set(['shiki', 'shiki-themes', options.light, options.dark]);
  const own = classesOf(pre).filter((name) => !themeClasses.has(name));
  const numbered = fence.lineNumbers || options.lineNumbers === true;
  // In `highlight.ts`'s order: a page shows highlighted code when it holds `<pre class="shiki` (render-page.ts).
  pre.properties = {
    className: ['shiki', ...own, ...(numbered ? ['line-numbers'] : [])],
    tabIndex: 0,
    dataLanguage: language,
    ...withoutStyle(pre.properties),
  };
  delete pre.properties.tabindex;
  for (const child of pre.children) if (child.type === 'element') toClasses(child);
  if (fence.title === undefined && !options.copyButton) return pre;
  const caption: Element[] =
    fence.title === undefined
      ? []
      : [
          {
            type: 'element',
            tagName: 'figcaption',
            properties: { className: ['code-title'] },
            children: [{ type: 'text', value: fence.title }],
          },
        ];
  return {
    type: 'element',
    tagName: 'figure',
    properties: { className: ['code-block'] },
    children: [...caption, pre, ...(options.copyButton ? [copyButtonIsland(options.copyButton)] : [])],
  };
}

/** The copy button's island root, with the markup `CopyCodeButton` renders: there without JavaScript, hydrated in place. */
function copyButtonIsland(name: string): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { dataIsland: name, dataProps: '{}' },
    children: [
      {
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: ['copy-code'] },
        children: [{ type: 'text', value: COPY_LABEL }],
      },
    ],
  };
}

/** Marks `ins={…}` and `del={…}` lines, and a `diff` block's `+` and `-` lines, as Shiki's diff notation marks its own. */
function insertedAndDeleted(fence: FenceMeta, language: string): ShikiTransformer {
  return {
    name: 'stillsite:inserted-and-deleted',
    line(node, line) {
      const first = language === 'diff' ? firstCharacter(node) : undefined;
      if (fence.inserted.includes(line) || first === '+') this.addClassToHast(node, ['diff', 'add']);
      if (fence.deleted.includes(line) || first === '-') this.addClassToHast(node, ['diff', 'remove']);
      return node;
    },
    pre(node) {
      if (fence.inserted.length || fence.deleted.length || language === 'diff') this.addClassToHast(node, 'has-diff');
      return node;
    },
  };
}

function firstCharacter(node: Element): string | undefined {
  for (const child of node.children) {
    if (child.type === 'text' && child.value) return child.value[0];
    if (child.type === 'element') {
      const found = firstCharacter(child);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** An element's classes: Shiki writes them as `class`, hast as `className`. */
function classesOf(node: Element): string[] {
  return [node.properties.className, node.properties.class].flatMap((value: unknown) =>
    Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [],
  );
}

/** Properties without `style`, and without `class` (read into `className` by `classesOf`). */
function withoutStyle(properties: Element['properties']): Element['properties'] {
  const { style: _style, class: _class, ...rest } = properties;
  return rest;
}

/** Shiki's dual-theme variables, by the class each becomes (`hl-` light, `hd-` dark, as `highlight.ts` names them). */
const FONT_VALUES: Record<string, string> = { italic: 'i', bold: 'b', underline: 'u', 'line-through': 's' };
const HEX_COLOUR = /^#[0-9a-f]{3,8}$/i;
/** The element each marked line becomes, so a mark is one to assistive technology and without colour too. */
const LINE_ELEMENTS: Array<[className: string, tagName: string]> = [
  ['add', 'ins'],
  ['remove', 'del'],
  ['highlighted', 'mark'],
];

/** Turns the style attributes Shiki wrote into classes, and marked lines and words into `<ins>`, `<del>`, `<mark>`. */
function toClasses(node: Element): void {
  const classes = classesOf(node);
  const style = node.properties.style;
  if (typeof style === 'string') {
    const kept: string[] = [];
    for (const declaration of style.split(';')) {
      const [name, value] = declaration.split(':').map((part) => part.trim()) as [string, string | undefined];
      if (!name) continue;
      const variable = /^--shiki-(light|dark)(-bg|-font-style|-font-weight|-text-decoration)?$/.exec(name);
      if (!variable || value === undefined) {
        kept.push(declaration);
        continue;
      }
      const prefix = variable[1] === 'light' ? 'hl' : 'hd';
      // The background is the stylesheet's `pre.shiki` rule's.
      if (variable[2] === '-bg') continue;
      if (!variable[2] && HEX_COLOUR.test(value)) classes.push(`${prefix}-${value.slice(1).toLowerCase()}`);
      else if (variable[2]) for (const word of value.split(/\s+/)) if (FONT_VALUES[word]) classes.push(`${prefix}-${FONT_VALUES[word]}`);
    }
    // What is left is a site transformer's own: kept, for the page check to report under the strict policy.
    node.properties = { ...withoutStyle(node.properties), ...(kept.length ? { style: kept.join(';') } : {}) };
  }
  delete node.properties.class;
  if (classes.includes('line')) {
    const element = LINE_ELEMENTS.find(([className]) => classes.includes(className));
    if (element) node.tagName = element[1];
  }
  if (classes.includes('highlighted-word')) node.tagName = 'mark';
  // Classes first, as `highlight.ts` writes them.
  const { className: _className, ...rest } = node.properties;
  node.properties = classes.length ? { className: [...new Set(classes)], ...rest } : rest;
  for (const child of node.children) if (child.type === 'element') toClasses(child);
}

/**
 * The rules of marked lines and words, titles and line numbers, added to the code stylesheet of
 * a site that reads fence meta. A mark is a bar at the line's start and a tint of the text's own
 * colour, so it shows in either theme and without colour; `+` and `-` start inserted and deleted lines.
 * A `diff` block's lines start with their own `+` and `-` (its text), so the stylesheet draws none there.
 */
export function codeBlockStylesheet(): string {
  const drawnDiff = '.shiki.has-diff:not([data-language="diff"])';
  return [
    '.code-block{margin:1rem 0}',
    '.code-block>pre.shiki{margin:0}',
    '.code-block{position:relative}',
    '.code-block .copy-code{position:absolute;top:0.5rem;right:0.5rem}',
    '.code-title{font-family:ui-monospace,monospace;font-size:0.875em;padding:0.25rem 0.75rem;border:1px solid;border-bottom:0;opacity:0.85}',
    '.shiki .line{display:inline-block;min-width:100%;box-sizing:border-box}',
    '.shiki mark,.shiki ins,.shiki del{color:inherit;text-decoration:none}',
    '.shiki mark.line,.shiki ins.line,.shiki del.line{background-color:color-mix(in srgb,currentColor 14%,transparent);box-shadow:inset 3px 0 0 currentColor}',
    '.shiki del.line>span{text-decoration:line-through}',
    '.shiki mark.highlighted-word{background-color:color-mix(in srgb,currentColor 22%,transparent);outline:1px solid;border-radius:2px}',
    `${drawnDiff} .line::before{content:" ";display:inline-block;width:2ch}`,
    `${drawnDiff} ins.line::before{content:"+"}`,
    `${drawnDiff} del.line::before{content:"-"}`,
    '.shiki.line-numbers code{counter-reset:line}',
    '.shiki.line-numbers .line{counter-increment:line}',
    '.shiki.line-numbers .line::before{content:counter(line);display:inline-block;width:3ch;margin-right:2ch;text-align:right;opacity:0.6}',
    `${drawnDiff}.line-numbers ins.line::before{content:counter(line) " +"}`,
    `${drawnDiff}.line-numbers del.line::before{content:counter(line) " -"}`,
    `${drawnDiff}.line-numbers .line::before{content:counter(line);width:5ch}`,
    '',
  ].join('\n');
}
