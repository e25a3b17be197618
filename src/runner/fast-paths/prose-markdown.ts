import GithubSlugger from 'github-slugger';
import { isRelative, resolveRelative } from '../../core/urls.ts';
import { isExternal } from '../../render/rehype-links-and-ids.ts';
import { readTable, tableHtml, type Table } from './prose-table.ts';

/**
 * The HTML of a Markdown body written as plain prose, or undefined for anything else.
 *
 * A stand-in for the full processor (`markdown.ts`), made for speed: most pages are paragraphs,
 * headings, flat lists, links, emphasis and inline code, and parsing them through micromark,
 * mdast and hast takes most of a page's render time. This reads only that subset (with quotes of
 * one paragraph, bare web addresses as GFM links them, and GFM tables of plain rows as
 * `prose-table.ts` reads them), and a body with anything outside it (raw HTML, entities, escapes,
 * images, code blocks, other tables, e-mail addresses, underscores, nested quotes, nested or
 * loose lists, an emphasis or a web address it cannot place without doubt) is left to the full
 * processor. What it returns is byte for byte what the full processor returns without site
 * plugins: `tests/property/prose-markdown.test.ts` compares the two on generated bodies and on
 * every Markdown file of the repository.
 *
 * Nothing in the subset can be unsafe, so there is nothing to sanitize or report.
 *
 * `folder`: the body's folder, against which relative links resolve (see `content-urls.ts`).
 */
export function proseMarkdownHtml(markdown: string, folder?: string): string | undefined {
  const blocks = readBlocks(markdown);
  return blocks && blocksHtml(blocks, folder);
}

/** The body's blocks, or undefined when a line is outside the subset. */
function readBlocks(markdown: string): Block[] | undefined {
  const blocks: Block[] = [];
  let open: Block | undefined;
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === '') {
      open = undefined;
      continue;
    }
    if (/^\s|\s$/.test(line)) return undefined;
    const item = /^(?:- |([1-9]\d{0,2})\. )/.exec(line);
    if (line.startsWith('>')) {
      const text = line.slice(2);
      // A quote of one paragraph, each line after `> `: `>text`, `> ` alone, a quote of anything else
      // (a nested quote, a list, a heading) and a quote right after a list item are the full processor's.
      if (line[1] !== ' ' || !startsPlainly(text) || open?.kind === 'list') return undefined;
      // A quote may interrupt a paragraph.
      if (open?.kind === 'quote') open.lines.push(text);
      else blocks.push((open = { kind: 'quote', lines: [text] }));
    } else if (line.startsWith('#')) {
      const heading = /^(#{1,6}) ([^ ].*)$/.exec(line);
      // A closing run of #, or a list it might belong to, is left to the full processor;
      // A custom id (`{#id}`) is read by the full processor too.
      if (!heading || heading[2]!.endsWith('#') || heading[2]!.endsWith('}') || open?.kind === 'list') return undefined;
      blocks.push({ kind: 'heading', depth: heading[1]!.length, text: heading[2]! });
      open = undefined;
    } else if (line.startsWith('|')) {
      // A table that would interrupt a paragraph, a quote or a list is the full processor's.
      const read = open === undefined ? readTable(lines, index) : undefined;
      if (!read) return undefined;
      blocks.push({ kind: 'table', table: read.table });
      index = read.end - 1;
    } else if (item) {
      const text = line.slice(item[0].length);
      const start = item[1] === undefined ? undefined : Number(item[1]);
      if (!startsPlainly(text) || open?.kind === 'paragraph') return undefined;
      if (open?.kind === 'list') {
        if ((open.start === undefined) !== (start === undefined)) return undefined;
        open.lines.push(text);
      } else {
        // Two lists apart only by blank lines are one loose list (or two of different markers: left too).
        if (blocks.at(-1)?.kind === 'list') return undefined;
        blocks.push((open = { kind: 'list', start, lines: [text] }));
      }
    } else {
      // A line after a list item would continue it (lazily).
      if (!startsPlainly(line) || open?.kind === 'list') return undefined;
      // A plain line right after a quote continues the quote's paragraph (lazily), without its `>`.
      if (open?.kind === 'paragraph' || open?.kind === 'quote') open.lines.push(line);
      else blocks.push((open = { kind: 'paragraph', lines: [line] }));
    }
  }
  return blocks;
}

/** The HTML of the blocks, or undefined when an inline run is outside the subset. */
function blocksHtml(blocks: Block[], folder: string | undefined): string | undefined {
  const slugs = new GithubSlugger();
  const html: string[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      const content = inline(block.text, folder);
      if (!content) return undefined;
      html.push(`<h${block.depth} id="${slugs.slug(content.text)}">${content.html}</h${block.depth}>`);
    } else if (block.kind === 'paragraph' || block.kind === 'quote') {
      const content = inline(block.lines.join('\n'), folder);
      if (!content) return undefined;
      html.push(block.kind === 'quote' ? `<blockquote>\n<p>${content.html}</p>\n</blockquote>` : `<p>${content.html}</p>`);
    } else if (block.kind === 'table') {
      const table = tableHtml(block.table, (cell) => inline(cell, folder)?.html);
      if (table === undefined) return undefined;
      html.push(table);
    } else {
      const items: string[] = [];
      for (const line of block.lines) {
        const content = inline(line, folder);
        if (!content) return undefined;
        items.push(`<li>${content.html}</li>`);
      }
      const tag = block.start === undefined ? 'ul' : 'ol';
      const start = block.start === undefined || block.start === 1 ? '' : ` start="${block.start}"`;
      html.push(`<${tag}${start}>\n${items.join('\n')}\n</${tag}>`);
    }
  }
  return html.join('\n');
}

type Block =
  | { kind: 'heading'; depth: number; text: string }
  | { kind: 'paragraph'; lines: string[] }
  /** A block quote of one paragraph: its lines without their `> `. */
  | { kind: 'quote'; lines: string[] }
  /** `start`: the first number of a numbered list; none for a bulleted one. */
  | { kind: 'list'; start?: number; lines: string[] }
  /** A GFM table (`prose-table.ts`). */
  | { kind: 'table'; table: Table };

/**
 * A line that can only be the text of a paragraph (or of a list item, or of a quote): not one
 * that starts a block of another kind (`#`, `>`, `-`, `+`, `=`, `:`, `* `, a numbered item, a
 * fence, a rule), nor one after more than one space from its marker (indented: its own rules).
 * (Items are recognized before this is asked.)
 */
function startsPlainly(line: string): boolean {
  return !/^(?:\s|[#>\-+=:|]|\* |\*+$|\d{1,9}[.)](?: |$))/.test(line);
}

/**
 * Characters (and sequences) whose meaning in running text the subset leaves to the full
 * processor. An `&` before a space cannot start a character reference: it is only escaped. A
 * `://` or `www.` left in running text is one `webAddress` did not take (after a letter, in
 * capitals, in a link's text).
 */
const NOT_PLAIN = /[\0-\x09\x0b-\x1f\x7f<>\\~|_@\]]|&(?! )|:\/\/|www\./i;
/** What a link's text, or emphasis, may hold: plain words only. */
const PLAIN_SPAN = /^[^\n*`[\]]+$/;
/** A link's destination: a root-relative or relative path, or an http(s) URL, of characters no step rewrites. */
const DESTINATION = /^(?:https?:\/\/[A-Za-z0-9.-]+(?:\/[A-Za-z0-9\-./#?=+]*)?|[A-Za-z0-9\-./#?=+]+)$/;
const WORD = /[A-Za-z0-9]/;
/** What may follow a closing `*` after a letter or digit: emphasis ends there without doubt. */
const AFTER_CLOSER = /[\s.,;:!?)]/;
/** Punctuation a closing `*` may follow when a space (or the end) comes after it, as in `**Note:** text` or `**94%**`. */
const PUNCTUATION_BEFORE_CLOSER = /[.,;:!?)%'"]/;

/**
 * A bare web address as GFM's autolink literals find it (micromark-extension-gfm-autolink-literal):
 * `http://`, `https://` or `www.`, then a letter or digit, then characters no step rewrites, up to
 * a space, a line's end or the end. Only the lowercase prefixes: the others' links would differ
 * in their `rel`. Anything else after the prefix (`(`, `*`, `_`, `~`, `&`, quotes, `%`, non-ASCII)
 * leaves the body to the full processor: those have rules of their own (balanced parentheses,
 * emphasis, character references, percent-encoding).
 */
const WEB_ADDRESS = /(?:https?:\/\/|www\.)[A-Za-z0-9][A-Za-z0-9\-./#?=+:!,)]*(?=[ \n]|$)/y;
/** The trailing punctuation GFM leaves out of a web address (of those `WEB_ADDRESS` may hold). */
const TRAIL = /[!),.:?]+$/;

/**
 * The web address at `at` (the start of `source`, or after a space or line end), null when none
 * starts there, undefined when one does but it is not certain where it ends.
 */
function webAddress(source: string, at: number): { text: string; href: string } | null | undefined {
  if (!source.startsWith('http://', at) && !source.startsWith('https://', at) && !source.startsWith('www.', at)) return null;
  WEB_ADDRESS.lastIndex = at;
  const match = WEB_ADDRESS.exec(source);
  if (!match) return undefined;
  const text = match[0].replace(TRAIL, '');
  return { text, href: text.startsWith('www.') ? `http://${text}` : text };
}

/** A link to another site opens in a new tab, as `rehype-links-and-ids.ts` writes it. */
function linkAttributes(href: string): string {
  return isExternal(href) ? ' rel="noopener noreferrer" target="_blank"' : '';
}

/** Whether a closing `*` run between `before` and `after` (undefined: the end) ends an emphasis without doubt. */
function closes(before: string, after: string | undefined): boolean {
  if (WORD.test(before)) return after === undefined || AFTER_CLOSER.test(after);
  return PUNCTUATION_BEFORE_CLOSER.test(before) && (after === undefined || /\s/.test(after));
}

const escaped = (text: string) => text.replaceAll('&', '&#x26;');

/** The HTML and the text of an inline run, or undefined when it is not plain. */
function inline(source: string, folder: string | undefined): { html: string; text: string } | undefined {
  let html = '';
  let text = '';
  let from = 0;
  const plain = (end: number) => {
    const run = source.slice(from, end);
    html += escaped(run);
    text += run;
    return !NOT_PLAIN.test(run);
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '`') {
      const close = source.indexOf('`', i + 1);
      const code = source.slice(i + 1, close);
      if (close < 0 || source[close + 1] === '`' || !/^[^\s`](?:[^\n`]*[^\s`])?$/.test(code) || /[\0-\x1f\x7f]/.test(code))
        return undefined;
      if (!plain(i)) return undefined;
      html += `<code>${code.replaceAll('&', '&#x26;').replaceAll('<', '&#x3C;')}</code>`;
      text += code;
      from = i = close;
      from++;
    } else if (char === '*') {
      const size = source[i + 1] === '*' ? 2 : 1;
      const start = i + size;
      const close = source.indexOf('*', start);
      const words = source.slice(start, close);
      const opens = i === 0 || /[\s(]/.test(source[i - 1]!);
      if (
        !opens ||
        close < 0 ||
        /\s/.test(source[start] ?? ' ') ||
        !PLAIN_SPAN.test(words) ||
        source.slice(close, close + size) !== '*'.repeat(size) ||
        !closes(source[close - 1]!, source[close + size])
      )
        return undefined;
      if (!plain(i) || NOT_PLAIN.test(words)) return undefined;
      const tag = size === 2 ? 'strong' : 'em';
      html += `<${tag}>${escaped(words)}</${tag}>`;
      text += words;
      i = close + size - 1;
      from = close + size;
    } else if ((char === 'h' || char === 'w') && (i === 0 || source[i - 1] === ' ' || source[i - 1] === '\n')) {
      const address = webAddress(source, i);
      if (address === null) continue;
      if (address === undefined || !plain(i)) return undefined;
      html += `<a href="${address.href}"${linkAttributes(address.href)}>${address.text}</a>`;
      text += address.text;
      i += address.text.length - 1;
      from = i + 1;
    } else if (char === '[') {
      const close = source.indexOf(']', i + 1);
      const label = source.slice(i + 1, close);
      const end = source.indexOf(')', close);
      const destination = source.slice(close + 2, end);
      if (
        source[i - 1] === '!' ||
        close < 0 ||
        source[close + 1] !== '(' ||
        end < 0 ||
        !PLAIN_SPAN.test(label) ||
        NOT_PLAIN.test(label) ||
        !DESTINATION.test(destination)
      )
        return undefined;
      if (!plain(i)) return undefined;
      const href = folder && isRelative(destination) ? resolveRelative(destination, folder) : destination;
      html += `<a href="${href}"${linkAttributes(href)}>${escaped(label)}</a>`;
      text += label;
      i = end;
      from = end + 1;
    }
  }
  return plain(source.length) ? { html, text } : undefined;
}
