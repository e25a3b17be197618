import { createRequire } from 'node:module';
import type { ComponentType } from 'react';
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

/** The themes a site's Markdown is highlighted with, or undefined when highlighting is off. */
export function highlightThemes(markdown: MarkdownDefinition | undefined): { light: string; dark: string } | undefined {
  if (markdown?.highlight === false) return undefined;
  return markdown?.shiki?.themes ?? DEFAULT_THEMES;
}

/** The plugin and options of a site's plugin entry. */
export function pluginAndOptions(entry: MarkdownPlugin): { plugin: Plugin<any[], any, any>; options: unknown[] } {
  return Array.isArray(entry) ? { plugin: entry[0], options: entry.length > 1 ? [entry[1]] : [] } : { plugin: entry, options: [] };
}

/** The names of Shiki's bundled themes, for checking a site's choice. */
export function themeNames(): string[] {
  return (require('shiki/themes') as typeof import('shiki/themes')).bundledThemesInfo.map((theme) => theme.id);
}
