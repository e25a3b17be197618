import type { Element } from 'hast';
import { say, phrase } from '../diagnostics/catalogue/index.ts';
import type { UnsafeFinding } from '../safety/markdown-safety.ts';

/**
 * Fence syntax of Expressive Code (the code blocks of Astro Starlight) that the engine does not
 * read: without a word, a port of a Starlight site lost its titles and marks (issue 40). Only
 * Expressive Code's own names are looked for, so meta a site's own Shiki transformer reads is
 * left alone. What the engine reads instead is `code-meta.ts` (docs/markdown.md).
 */

/** A fence written in syntax the engine ignores: shown as it would be without it, reported as a warning. */
export interface FenceSyntaxFinding extends Omit<UnsafeFinding, 'code'> {
  code: 'unsupported-fence-syntax';
}

/** What was found, and the supported way to say it, for the hint. */
interface Unsupported {
  found: string;
  instead: string;
}

/** Expressive Code's meta options (`key=value`), with what to write instead. */
const OPTIONS: Record<string, string> = {
  lang: 'the language right after the backticks (```js)',
  frame: 'title="…" for a caption; there are no frames',
  collapse: '{2,4-6} to mark the lines that matter; lines are never collapsed',
  mark: '{2,4-6} for marked lines, /word/ for marked words',
  startLineNumber: 'showLineNumbers, which numbers from 1',
  wrap: 'nothing: long lines scroll',
  preserveIndent: 'nothing: long lines scroll',
  hangingIndent: 'nothing: long lines scroll',
  useDiffSyntax: 'a diff block, or ins={3} del={5}',
};

/** `key=value` in a fence's meta: quoted, in braces, a regular expression or a bare word; or a bare quoted string. */
const META_TOKEN =
  /(?:^|\s)(?:([A-Za-z][\w-]*)=("[^"]*"|'[^']*'|\{[^}]*\}|\/(?:\\.|[^/\\])*\/|\S+)|("[^"]*"|'[^']*')|(wrap|preserveIndent)(?=\s|$))/g;

/** Expressive Code's title convention: a first line that is only a comment naming a file (`// src/App.js`, `# file: run.py`). */
const TITLE_COMMENT = /^\s*(?:\/\/|#|--|<!--|\/\*)\s*(?:file(?:name)?:\s*)?([\w@~+.-]+(?:\/[\w@~+.-]+)*\.[\w-]+)\s*(?:-->|\*\/)?\s*$/;

/** The syntax of a fence's meta the engine ignores. */
export function unsupportedMeta(meta: string): Unsupported[] {
  const found: Unsupported[] = [];
  for (const [written, key, value, quoted, flag] of meta.matchAll(META_TOKEN)) {
    if (quoted !== undefined) found.push({ found: quoted, instead: `/${quoted.slice(1, -1)}/ to mark every ${quoted} in the block` });
    else if (flag !== undefined) found.push({ found: flag, instead: OPTIONS[flag]! });
    else if (key && (key === 'ins' || key === 'del') && !value!.startsWith('{'))
      found.push({ found: written.trim(), instead: `${key}={3} with line numbers, or a diff block` });
    else if (key && Object.hasOwn(OPTIONS, key)) found.push({ found: written.trim(), instead: OPTIONS[key]! });
  }
  return found;
}

/** The title comment on a block's first line, when it has one. */
export function titleComment(code: string): Unsupported | undefined {
  const first = code.slice(0, code.indexOf('\n') === -1 ? undefined : code.indexOf('\n'));
  const match = TITLE_COMMENT.exec(first);
  return match ? { found: first.trim(), instead: `title="${match[1]}" (or ${match[1]} as the first word) after the language` } : undefined;
}

/** The warnings for a `<pre>` of `language` whose `<code>` has `meta` and `code`. */
export function fenceSyntaxFindings(pre: Element, language: string, meta: string, code: string): FenceSyntaxFinding[] {
  const line = pre.position?.start.line ?? 1;
  const column = pre.position?.start.column ?? 1;
  const finding = (what: Unsupported, at: number): FenceSyntaxFinding => ({
    code: 'unsupported-fence-syntax',
    line: at,
    column,
    field: `\`\`\`${language}`,
    ...say('unsupported-fence-syntax', { instead: what.instead }),
    expected: phrase('fence-meta'),
    actual: JSON.stringify(what.found),
  });
  const comment = titleComment(code);
  return [...unsupportedMeta(meta).map((what) => finding(what, line)), ...(comment ? [finding(comment, line + 1)] : [])];
}
