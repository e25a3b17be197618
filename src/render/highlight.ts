import { createRequire } from 'node:module';
import type { Element, ElementContent, Root } from 'hast';
import type { HighlighterCore, LanguageRegistration, ThemeRegistration } from 'shiki/core';
import type { VFile } from 'vfile';
import { closest } from '../diagnostics/suggest.ts';
import type { UnsafeFinding } from '../safety/markdown-safety.ts';
import { say } from '../diagnostics/catalogue/index.ts';
import { tooLargeToHighlight, type CodeTooLargeFinding } from './highlight-bound.ts';
import { codeBlock, codeBlockStylesheet, type CodeBlockOptions } from './code-meta.ts';
import { LANGUAGE_ALIASES } from './language-aliases.ts';
import { fenceSyntaxFindings, type FenceSyntaxFinding } from './fence-syntax.ts';

/**
 * Code highlighting with Shiki at build time, under the strict Content-Security-Policy: tokens get
 * classes named after their colour in each theme (`hl-cf222e hd-ff7b72`), never a `style`
 * attribute, and `themeStylesheet` gives the rules for those classes, light or dark by
 * `prefers-color-scheme`. Shiki and its grammars are loaded synchronously (Node's `require` of
 * ES modules) on the first fenced block that names a language, and each grammar on its first use:
 * a site without code blocks never loads Shiki, and each thread loads it once.
 */

const require = createRequire(import.meta.url);

/** A fence's language that Shiki does not know: shown plain, reported as a warning. */
export interface CodeLanguageFinding extends Omit<UnsafeFinding, 'code'> {
  code: 'unknown-code-language';
}

/** The themes, and what a site set for its code blocks (see `HighlightOptions` in markdown-options.ts). */
interface Themes extends CodeBlockOptions {
  /** Read fences' meta (titles, marked lines and words): see `code-meta.ts`. */
  meta?: boolean;
  /** Selectors of `<html>` that choose a scheme over the visitor's preference (`[data-theme="dark"]`). */
  darkSelector?: string;
  lightSelector?: string;
}

let highlighter: HighlighterCore | undefined;
let languageNames: Map<string, string> | undefined;

/** Shiki's languages by every name a fence may use (ids, Shiki's aliases and the engine's), lower-case, to their id. */
function languages(): Map<string, string> {
  if (!languageNames) {
    const { bundledLanguagesInfo } = require('shiki/langs') as typeof import('shiki/langs');
    languageNames = new Map();
    for (const info of bundledLanguagesInfo)
      for (const name of [info.id, ...(info.aliases ?? [])]) languageNames.set(name.toLowerCase(), info.id);
    for (const [alias, id] of Object.entries(LANGUAGE_ALIASES)) if (!languageNames.has(alias)) languageNames.set(alias, id);
  }
  return languageNames;
}

/** Loads a bundled theme by name (throws for a name Shiki does not have: the site definition is checked for that first). */
export function loadTheme(name: string): ThemeRegistration {
  return (require(`@shikijs/themes/${name}`) as { default: ThemeRegistration }).default;
}

/** This thread's highlighter with `themes` and the grammar of `language` loaded. */
function highlighterFor(themes: Themes, language: string): HighlighterCore {
  if (!highlighter) {
    const { createHighlighterCoreSync } = require('shiki/core') as typeof import('shiki/core');
    const { createJavaScriptRegexEngine } = require('shiki/engine/javascript') as typeof import('shiki/engine/javascript');
    // The JavaScript engine needs no WebAssembly, so the highlighter is made synchronously, in the render pass itself.
    highlighter = createHighlighterCoreSync({ engine: createJavaScriptRegexEngine({ forgiving: true }), themes: [], langs: [] });
  }
  const loaded = highlighter.getLoadedThemes();
  for (const name of [themes.light, themes.dark]) if (!loaded.includes(name)) highlighter.loadThemeSync(loadTheme(name));
  if (!highlighter.getLoadedLanguages().includes(language)) {
    highlighter.loadLanguageSync((require(`@shikijs/langs/${language}`) as { default: LanguageRegistration[] }).default);
    fresh.add(language);
  }
  return highlighter;
}

/** Grammars loaded and not yet used. */
const fresh = new Set<string>();

/** The tokens of `code` in both themes. */
function tokensOf(code: string, language: string, themes: Themes) {
  return warmHighlighter(code, language, themes).codeToTokensWithThemes(code, {
    lang: language,
    themes: { light: themes.light, dark: themes.dark },
  });
}

/** The highlighter, its grammar for `language` past its first text. */
function warmHighlighter(code: string, language: string, themes: Themes): HighlighterCore {
  const shiki = highlighterFor(themes, language);
  // Shiki 4.6 gives a grammar's first text some wrong colours in one theme (a comment in the
  // text's colour, a type's colour running on): the first block of each language is tokenized
  // twice, and the second, right, result kept. `tests/unit/markdown-plugins.test.ts` checks it.
  if (fresh.delete(language)) shiki.codeToTokensWithThemes(code, { lang: language, themes: { light: themes.light, dark: themes.dark } });
  return shiki;
}

/**
 * Rehype plugin, run on the sanitized tree: each `<pre><code class="language-…">` becomes
 * highlighted markup, wherever it stands: MDX's JSX elements (`<Note>`, `<div>`) are nodes of
 * their own kind whose children are walked like an element's.
 */
export function rehypeHighlight(themes: Themes) {
  return (tree: Root, file: VFile) => {
    const visit = (parent: Root | Element) => {
      parent.children.forEach((child, index) => {
        if (child.type !== 'element') {
          if ('children' in child) visit(child as unknown as Element);
          return;
        }
        const language = child.tagName === 'pre' ? fenceLanguage(child) : undefined;
        if (language === undefined) {
          visit(child);
          return;
        }
        codeFindings(file).push(...fenceSyntaxFindings(child, language, metaOf(child), codeOf(child)));
        const id = languages().get(language.toLowerCase());
        const tooLarge = id ? tooLargeToHighlight(child, language) : undefined;
        if (tooLarge) codeFindings(file).push(tooLarge);
        else if (id) parent.children[index] = highlighted(child, id, themes);
        else codeFindings(file).push(unknownLanguage(language, child));
      });
    };
    visit(tree);
  };
}

/** The language a `<pre>` holding one `<code class="language-…">` names. */
function fenceLanguage(pre: Element): string | undefined {
  const code =
    pre.children.length === 1 && pre.children[0]!.type === 'element' && pre.children[0]!.tagName === 'code' ? pre.children[0] : undefined;
  const className = code?.properties.className;
  const name = Array.isArray(className) ? className.map(String).find((name) => name.startsWith('language-')) : undefined;
  return name?.slice('language-'.length);
}

/** The text of a fence's `<code>`. */
function codeOf(pre: Element): string {
  return (pre.children[0] as Element).children.map((node) => (node.type === 'text' ? node.value : '')).join('');
}

/** What follows a fence's language (`title="x.js" {2}`), kept by the parser on its `<code>`. */
function metaOf(pre: Element): string {
  return String(((pre.children[0] as Element).data as { meta?: string } | undefined)?.meta ?? '');
}

function highlighted(pre: Element, language: string, themes: Themes): Element {
  const code = codeOf(pre);
  const meta = themes.meta ? metaOf(pre) : '';
  // A block with meta to draw, or a site that numbers lines or has transformers of its own, is Shiki's HTML made safe (code-meta.ts).
  if (meta || (themes.meta && language === 'diff') || themes.lineNumbers || themes.transformers?.length || themes.copyButton) {
    const block = codeBlock(warmHighlighter(code, language, themes), code.replace(/\n$/, ''), language, meta, themes);
    return { ...block, position: pre.position };
  }
  const lines = tokensOf(code.replace(/\n$/, ''), language, themes);
  const children: ElementContent[] = [];
  lines.forEach((tokens, i) => {
    if (i > 0) children.push({ type: 'text', value: '\n' });
    const spans = tokens.map((token): ElementContent => {
      const className = [...tokenClasses('hl', token.variants.light), ...tokenClasses('hd', token.variants.dark)];
      return {
        type: 'element',
        tagName: 'span',
        properties: className.length ? { className } : {},
        children: [{ type: 'text', value: token.content }],
      };
    });
    children.push({ type: 'element', tagName: 'span', properties: { className: ['line'] }, children: spans });
  });
  return {
    type: 'element',
    tagName: 'pre',
    // A long line scrolls: keyboard users reach the block to scroll it.
    properties: { className: ['shiki'], tabIndex: 0, dataLanguage: language },
    position: pre.position,
    children: [{ type: 'element', tagName: 'code', properties: {}, children }],
  };
}

/** Font styles as Shiki numbers them (a bit each). */
const FONT_STYLES: Array<[bit: number, suffix: string, rule: string]> = [
  [1, 'i', 'font-style:italic'],
  [2, 'b', 'font-weight:bold'],
  [4, 'u', 'text-decoration:underline'],
  [8, 's', 'text-decoration:line-through'],
];

function tokenClasses(prefix: 'hl' | 'hd', variant: { color?: string; fontStyle?: number } | undefined): string[] {
  if (!variant) return [];
  const classes = variant.color && HEX_COLOUR.test(variant.color) ? [`${prefix}-${colourName(variant.color)}`] : [];
  for (const [bit, suffix] of FONT_STYLES)
    if ((variant.fontStyle ?? 0) > 0 && (variant.fontStyle! & bit) !== 0) classes.push(`${prefix}-${suffix}`);
  return classes;
}

/** Colours written as hex, the only ones a class name is made from (a theme naming `red` leaves those tokens the default colour). */
const HEX_COLOUR = /^#[0-9a-f]{3,8}$/i;

function colourName(color: string): string {
  return color.replace(/^#/, '').toLowerCase();
}

function codeFindings(file: VFile): Array<CodeLanguageFinding | CodeTooLargeFinding | FenceSyntaxFinding> {
  const data = file.data as { codeLanguages?: Array<CodeLanguageFinding | CodeTooLargeFinding | FenceSyntaxFinding> };
  return (data.codeLanguages ??= []);
}

/** The unknown fence languages, and the blocks too large to highlight, noted while processing `file`. */
export function unknownLanguageFindings(file: VFile): Array<CodeLanguageFinding | CodeTooLargeFinding | FenceSyntaxFinding> {
  return (file.data as { codeLanguages?: Array<CodeLanguageFinding | CodeTooLargeFinding | FenceSyntaxFinding> }).codeLanguages ?? [];
}

function unknownLanguage(language: string, pre: Element): CodeLanguageFinding {
  const suggestion = closest(language.toLowerCase(), [...languages().keys()]);
  return {
    code: 'unknown-code-language',
    line: pre.position?.start.line ?? 1,
    column: pre.position?.start.column ?? 1,
    field: `\`\`\`${language}`,
    ...say('unknown-code-language', { suggestion }),
    actual: JSON.stringify(language),
  };
}

/**
 * The stylesheet of two themes: each colour class of each, light unless the visitor prefers
 * dark. Made from every colour the themes' rules name, so it does not depend on the content and
 * is ready before any page is rendered.
 */
export function themeStylesheet(themes: Themes): string {
  const rules = (prefix: 'hl' | 'hd', theme: ThemeRegistration) => {
    const colors = theme.colors ?? {};
    const background = colors['editor.background'] ?? (theme.type === 'dark' ? '#1e1e1e' : '#ffffff');
    const foreground = colors['editor.foreground'] ?? (theme.type === 'dark' ? '#d4d4d4' : '#1f2328');
    const tokenColors = [...(theme.tokenColors ?? []), ...(theme.settings ?? [])]
      .map((rule) => rule.settings?.foreground)
      .filter((color): color is string => typeof color === 'string');
    // `pre.shiki`, linked after the site's stylesheets, wins over a site's own `pre` rules.
    const lines = [`pre.shiki{background-color:${background};color:${foreground}}`];
    for (const color of [...new Set([foreground, ...tokenColors].filter((color) => HEX_COLOUR.test(color)).map(colourName))].sort())
      lines.push(`.shiki .${prefix}-${color}{color:#${color}}`);
    for (const [, suffix, rule] of FONT_STYLES) lines.push(`.shiki .${prefix}-${suffix}{${rule}}`);
    return lines.join('\n');
  };
  const light = rules('hl', loadTheme(themes.light));
  const dark = rules('hd', loadTheme(themes.dark));
  const sheet = [
    'pre.shiki{overflow-x:auto}',
    `@media not (prefers-color-scheme: dark){\n${scoped(light, themes.darkSelector && `:root:not(:is(${themes.darkSelector}))`)}\n}`,
    `@media (prefers-color-scheme: dark){\n${scoped(dark, themes.lightSelector && `:root:not(:is(${themes.lightSelector}))`)}\n}`,
    // The site's selectors win over the visitor's preference (a toggle), either way.
    ...(themes.lightSelector ? [scoped(light, `:root:is(${themes.lightSelector})`)] : []),
    ...(themes.darkSelector ? [scoped(dark, `:root:is(${themes.darkSelector})`)] : []),
    ...(themes.meta || themes.lineNumbers || themes.copyButton ? [codeBlockStylesheet().trimEnd()] : []),
    '',
  ];
  return sheet.join('\n');
}

/** Rules of one theme under `scope` (an `<html>` selector), or as they are without one. */
function scoped(rules: string, scope: string | undefined): string {
  return scope ? rules.replace(/^(pre\.shiki|\.shiki)/gm, `${scope} $1`) : rules;
}
