import path from 'node:path';
import type { Root as HastRoot } from 'hast';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { Site } from '../site/definition.ts';
import type { Pluggable, Processor, Transformer } from 'unified';
import type { VFile } from 'vfile';
import { CONTENT_ORIGIN, noteOrigins } from '../safety/markdown-safety.ts';
import { pluginAndOptions, type MarkdownPlugin } from '../site/markdown-options.ts';
import { diagnose, pluginNamedAt, phrase } from '../diagnostics/catalogue/index.ts';

/** Which field of the site definition names a plugin: `markdown.rehypePlugins[1]`. */
export type PluginField = `markdown.${'remarkPlugins' | 'rehypePlugins'}[${number}]`;

/** A site's plugin threw while the engine rendered a file; carries the field naming it and what it threw. */
export class SitePluginError extends Error {
  readonly field: PluginField;
  readonly plugin: string;
  constructor(field: PluginField, plugin: string, cause: unknown) {
    const thrown = cause instanceof Error ? cause : new Error(String(cause));
    super(thrown.message, { cause: thrown });
    this.field = field;
    this.plugin = plugin;
  }
}

/** A plugin's name for messages: its function's name, or the field. */
export function pluginName(entry: MarkdownPlugin): string {
  return pluginAndOptions(entry).plugin.name || 'an anonymous plugin';
}

/**
 * The site's plugins of one kind, in the order given, each wrapped so that what it throws (as it is
 * set up or as it runs) names its field. Rehype plugins are followed by a look at the tree, so an
 * element a plugin made unsafe is told apart from one the content wrote (see `noteOrigins`).
 */
export function sitePlugins(list: readonly MarkdownPlugin[] | undefined, kind: 'remarkPlugins' | 'rehypePlugins'): Pluggable[] {
  if (!list?.length) return [];
  const plugins: Pluggable[] = list.map((entry, index) => {
    const field: PluginField = `markdown.${kind}[${index}]`;
    const { plugin, options } = pluginAndOptions(entry);
    const name = pluginName(entry);
    function attacher(this: Processor, ...args: unknown[]) {
      let transformer: Transformer | undefined;
      try {
        transformer = (plugin as (...args: unknown[]) => Transformer | undefined).apply(this, args);
      } catch (error) {
        throw new SitePluginError(field, name, error);
      }
      if (typeof transformer !== 'function') return transformer;
      const run = transformer as (...args: unknown[]) => unknown;
      const note = (tree: unknown, file: VFile, before: number) => {
        if (kind === 'rehypePlugins') noteOrigins(tree as HastRoot, file, `${field} (${name})`);
        saidBy(file, before, field, name);
      };
      const guarded = (tree: unknown, file: VFile, next?: (error?: unknown, tree?: unknown) => void) => {
        const before = file.messages.length;
        let result: unknown;
        try {
          result = run.call(
            this,
            tree,
            file,
            next &&
              ((error?: unknown, changed?: unknown) =>
                error ? next(new SitePluginError(field, name, error)) : (note(changed ?? tree, file, before), next(undefined, changed))),
          );
        } catch (error) {
          throw new SitePluginError(field, name, error);
        }
        // Pages are rendered synchronously (`processSync`): a plugin that works asynchronously cannot take part.
        if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
          throw new SitePluginError(field, name, new Error(phrase('plugin-async')));
        }
        if (!next) note(result ?? tree, file, before);
        return result;
      };
      // unified passes a callback only to transformers that declare a third parameter.
      return run.length >= 3 ? guarded : (tree: unknown, file: VFile) => guarded(tree, file);
    }
    return [attacher, ...options] as Pluggable;
  });
  // Unsafe elements already in the tree before the site's rehype plugins are the content's own.
  return kind === 'rehypePlugins' ? [() => (tree: HastRoot, file: VFile) => noteOrigins(tree, file, CONTENT_ORIGIN), ...plugins] : plugins;
}

/** A warning a site's plugin gave about the file (`file.message`), with the field that names the plugin. */
export interface PluginMessage {
  field: PluginField;
  plugin: string;
  reason: string;
  /** Its rule, as `source:ruleId` or either alone (remark-lint's `remark-lint:no-undefined-references`). */
  rule?: string;
  /** Where the plugin placed it, counted in the text it was given. */
  line?: number;
  column?: number;
}

const dataOf = (file: VFile) => file.data as { pluginMessages?: PluginMessage[] };

/** Keeps the warnings a plugin added to the file while it ran (the messages after the first `before`); `file.info` notes are left out. */
function saidBy(file: VFile, before: number, field: PluginField, plugin: string): void {
  for (const message of file.messages.slice(before)) {
    if (message.fatal !== false) continue;
    const rule = [message.source, message.ruleId].filter(Boolean).join(':') || undefined;
    (dataOf(file).pluginMessages ??= []).push({ field, plugin, reason: message.reason, rule, line: message.line, column: message.column });
  }
}

/** The warnings the site's plugins gave while the file was processed, in the order given. */
export function pluginMessages(file: VFile): PluginMessage[] {
  return dataOf(file).pluginMessages ?? [];
}

/** A warning a site's plugin gave, at its line in the file (the body's first line when it gave none). */
export function pluginMessage(
  { field, plugin, reason, rule, line, column }: PluginMessage,
  source: { file: string; bodyLine: number },
): Diagnostic {
  return {
    ...diagnose('markdown-plugin-message', { field, plugin, reason, rule }),
    file: source.file,
    line: line === undefined ? source.bodyLine : line + source.bodyLine - 1,
    column,
    field,
  };
}

/** A plugin's failure, reported at the content file it failed on, with a hint saying where the site names the plugin. */
export function withPluginLocation(diagnostic: Diagnostic, site: Pick<Site, 'locate' | 'root'>): Diagnostic {
  const [kind, index] = /^markdown\.(\w+)\[(\d+)\]$/.exec(diagnostic.field ?? '')?.slice(1) ?? [];
  if (!kind || !site.locate) return diagnostic;
  const { file, line } = site.locate(['markdown', kind, Number(index)]);
  return file
    ? { ...diagnostic, hint: pluginNamedAt(diagnostic.hint, `${path.relative(site.root, file)}${line ? `:${line}` : ''}`) }
    : diagnostic;
}
