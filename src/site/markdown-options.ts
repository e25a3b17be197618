import { createRequire } from 'node:module';
import type { ComponentType } from 'react';
import type { ShikiTransformer } from 'shiki/core';
import type { Plugin } from 'unified';

const require = createRequire(import.meta.url);

/** A unified plugin as a site names it: the plugin, or the plugin and its options (Astro's form). */
export type MarkdownPlugin = Plugin<any[], any, any> | [plugin: Plugin<any[], any, any>, options?: unknown];

/** Shiki's settings (named as Astro's `shikiConfig`). */
export interface ShikiDefinition {
  /**
   * The theme for each colour scheme, by Shiki's name (default `github-light-default` and
   * `github-dark-default`): code follows the visitor's `prefers-color-scheme`.
   */
  themes?: { light: string; dark: string };
  /**
   * Read each fence's meta as documentation sites write it (default false): a title
   * (`title="src/App.js"`, or a file name as the first word), marked lines `{2,4-6}`, inserted
   * and deleted lines `ins={3} del={5}` (and a `diff` block's), marked words `/useState/`,
   * `showLineNumbers`, and Shiki's `// [!code ++]` notations. See docs/documentation-sites.md.
   */
  meta?: boolean;
  /** Number the lines of every highlighted block (default false; `showLineNumbers` numbers one). */
  lineNumbers?: boolean;
  /** The site's own Shiki transformers, run on every highlighted block after the engine's (default none). */
  transformers?: ShikiTransformer[];
  /**
   * A selector of `<html>` under which code is dark whatever the visitor prefers, for a site's
   * own toggle (`'[data-theme="dark"]'`); `lightSelector` the same for light (default none).
   */
  darkSelector?: string;
  lightSelector?: string;
  /**
   * The name of the site's island (a key of `islands`) that draws a copy button on each
   * highlighted block, e.g. `'CopyCode'` for `islands: { CopyCode: 'islands/CopyCode.tsx' }`
   * whose module is `export { CopyCodeButton as default } from 'stillsite/copy-code'` (default
   * none: no button, no JavaScript).
   */
  copyButton?: string;
}

/** How the site's Markdown (and MDX) becomes HTML, besides what the engine always does. */
export interface MarkdownDefinition {
  /** remark plugins, run in this order on the Markdown tree, before the engine's safety passes (default none). */
  remarkPlugins?: MarkdownPlugin[];
  /** rehype plugins, run in this order on the HTML tree, before the engine sanitizes it (default none). */
  rehypePlugins?: MarkdownPlugin[];
  /** Highlight fenced code with Shiki at build time (default true). */
  highlight?: boolean;
  shiki?: ShikiDefinition;
  mdx?: MdxDefinition;
}

/** What every `.mdx` page of the site is given. */
export interface MdxDefinition {
  /**
   * Components every MDX page may use without importing them (`{ Note, Tabs }`), and components
   * drawing standard elements (`{ a: Link, pre: CodeBlock }`), as MDX's `components` prop takes
   * them. A page's own import of a name wins (default none).
   */
  components?: Record<string, ComponentType<any>>;
}

/** The themes used when the site names none: both pass WCAG AA contrast for every token colour on their own background. */
export const DEFAULT_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/** How a site's code is highlighted: the themes and the rest of `shiki`. */
export type HighlightOptions = Omit<ShikiDefinition, 'themes'> & { light: string; dark: string };

/** How a site's Markdown is highlighted (the themes, and the rest of its `shiki` settings), or undefined when highlighting is off. */
export function highlightThemes(markdown: MarkdownDefinition | undefined): HighlightOptions | undefined {
  if (markdown?.highlight === false) return undefined;
  const { themes = DEFAULT_THEMES, ...rest } = markdown?.shiki ?? {};
  return { ...rest, ...themes };
}

/** The plugin and options of a site's plugin entry. */
export function pluginAndOptions(entry: MarkdownPlugin): { plugin: Plugin<any[], any, any>; options: unknown[] } {
  return Array.isArray(entry) ? { plugin: entry[0], options: entry.length > 1 ? [entry[1]] : [] } : { plugin: entry, options: [] };
}

/** The names of Shiki's bundled themes, for checking a site's choice. */
export function themeNames(): string[] {
  return (require('shiki/themes') as typeof import('shiki/themes')).bundledThemesInfo.map((theme) => theme.id);
}
