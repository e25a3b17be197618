import fs from 'node:fs';
import type { Entry } from '../content/entry.ts';
import { formatField } from '../diagnostics/diagnostics.ts';
import { locateField } from '../content/locate.ts';
import { parseSource } from '../content/parse.ts';
import { markdownLinks } from '../render/markdown.ts';
import type { MarkdownDefinition } from '../site/markdown-options.ts';

/** Where one URL of a page's Markdown is written: its lines in the file, and the URL as written when it was relative. */
export interface WrittenLink {
  lines: number[];
  /** `./diagram.png` for a link rendered as `/posts/hello/diagram.png`. */
  written?: string;
}

/**
 * Where a page's links were written, by the URL they were rendered as. Only asked for pages with
 * a broken link, so the Markdown is parsed a second time only on the way to an error, never on a
 * good build.
 */
export function markdownLinkLines(entry: Entry, settings?: MarkdownDefinition): Map<string, WrittenLink> {
  const lines = new Map<string, WrittenLink>();
  if (!entry.body) return lines;
  let links: { url: string; line: number; written?: string }[];
  try {
    links = markdownLinks(entry.body, entry, settings);
  } catch {
    return lines; // too deep to parse: its page has failed already
  }
  for (const { url, line, written } of links) {
    const found = lines.get(url) ?? { lines: [], written };
    found.lines.push(line + entry.bodyLine - 1);
    lines.set(url, found);
  }
  return lines;
}

/**
 * Where an MDX body gives a component a URL: the lines holding it as a quoted value (`to="/guide"`,
 * `href={'/guide'}`), the lines of the file. A link a component draws from its props is then
 * reported where the component is written, not at the top of the file. Asked only on the way to
 * an error, once per page (`lines` of a page are split once).
 */
export function mdxValueLines(entry: Entry, url: string, bodyLines: () => readonly string[]): number[] {
  if (!entry.file.endsWith('.mdx')) return [];
  const quoted = ['"', "'", '`'].map((quote) => `${quote}${url}${quote}`);
  const found: number[] = [];
  bodyLines().forEach((line, index) => {
    if (quoted.some((value) => line.includes(value))) found.push(index + entry.bodyLine);
  });
  return found;
}

/**
 * Where the site's code holds a URL as a quoted value, by the URL: `{ file: 'components/Footer.tsx', line: 7 }`
 * for `<a href="/guide">` there. Each file is read once, on the way to an error; the engine's
 * packages are not the site's to fix.
 */
export function codeValueLines(files: readonly string[]): (url: string) => Array<{ file: string; line: number }> {
  const texts = new Map<string, readonly string[]>();
  const linesOf = (file: string): readonly string[] => {
    let lines = texts.get(file);
    if (!lines) {
      try {
        lines = fs.readFileSync(file, 'utf8').split('\n');
      } catch {
        lines = [];
      }
      texts.set(file, lines);
    }
    return lines;
  };
  const own = [...new Set(files)].filter((file) => !file.split(/[\\/]/).includes('node_modules') && !file.endsWith('.mdx'));
  return (url) => {
    const quoted = ['"', "'", '`'].map((quote) => `${quote}${url}${quote}`);
    return own.flatMap((file) =>
      linesOf(file).flatMap((line, index) => (quoted.some((value) => line.includes(value)) ? [{ file, line: index + 1 }] : [])),
    );
  };
}

/**
 * The front-matter field of an entry whose text a template turned into a link, located in the
 * file: `{ field: 'clients[0].url', line: 9, value: 'https://…' }`. Undefined when no field matches or the file is
 * gone (the template made the link up itself).
 */
export function locateFrontMatterValue(
  entry: Entry,
  matches: (value: string) => boolean,
): { field: string; line: number; value: string } | undefined {
  const fieldPath = findString(entry.data, matches, []);
  if (!fieldPath || !entry.file || !entry.relative) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(entry.file, 'utf8');
  } catch {
    return undefined;
  }
  const { parsed } = parseSource({ file: entry.file, relative: entry.relative, text });
  const value = fieldPath.reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown>)[key], entry.data);
  return parsed ? { field: formatField(fieldPath), line: locateField(parsed, fieldPath).line, value: String(value) } : undefined;
}

function findString(value: unknown, matches: (value: string) => boolean, fieldPath: PropertyKey[]): PropertyKey[] | undefined {
  if (typeof value === 'string') return matches(value) ? fieldPath : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findString(item, matches, [...fieldPath, index]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findString(item, matches, [...fieldPath, key]);
      if (found) return found;
    }
  }
  return undefined;
}
