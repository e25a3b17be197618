/**
 * Fields a collection may compute from a Markdown body (see `CollectionDefinition.computed`): the
 * title from the first heading, the description from the first paragraph. Each reads the body
 * line by line, once, so a long file costs no more than its length.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
/** The most of a paragraph made plain text: a description needs a sentence or two, and the inline patterns below stay cheap. */
const MAX_TEXT = 2_000;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
/** Lines that start something other than a paragraph: a list item, a table row, HTML, a thematic break. */
const NOT_PARAGRAPH = /^ {0,3}(?:[-+*][ \t]|\d{1,9}[.)][ \t]|\||<|(?:[-*_][ \t]*){3,}$)/;

/** The text of the body's first level-1 heading (`# Title`, or `Title` over `===`), as plain text; undefined when it has none. */
export function firstHeading(body: string): string | undefined {
  let previous: string | undefined;
  for (const line of outsideCode(body)) {
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      const text = atx[2] && withoutClosingHashes(atx[2]);
      if (atx[1] === '#' && text) return plainText(text);
      previous = undefined;
      continue;
    }
    if (previous && /^ {0,3}=+[ \t]*$/.test(line)) return plainText(previous);
    previous = line.trim() && !NOT_PARAGRAPH.test(line) ? line : undefined;
  }
  return undefined;
}

/**
 * The text of the body's first paragraph, as plain text on one line: headings, code, lists,
 * tables and HTML are passed over; a block quote counts (`> What the page is about.`, as
 * cheat-sheet collections write their summary). Undefined when the body has none.
 */
export function firstParagraph(body: string): string | undefined {
  const lines: string[] = [];
  for (const line of outsideCode(body)) {
    const text = line.replace(/^ {0,3}>[ \t]?/, '');
    const ends = !text.trim() || ATX_HEADING.test(text) || NOT_PARAGRAPH.test(text) || (lines.length > 0 && SETEXT_UNDERLINE.test(text));
    if (ends && lines.length && SETEXT_UNDERLINE.test(text)) {
      // The lines so far were a setext heading's, not a paragraph.
      lines.length = 0;
      continue;
    }
    if (ends) {
      if (lines.length) break;
      continue;
    }
    lines.push(text.trim());
  }
  return lines.length ? plainText(lines.join(' ')) : undefined;
}

/** The lines of a body outside fenced code blocks (the fences' own lines left out too). */
function* outsideCode(body: string): Generator<string> {
  let fence: string | undefined;
  for (const line of body.split(/\r?\n/)) {
    const opening = FENCE.exec(line)?.[1];
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = undefined;
      continue;
    }
    if (opening) {
      fence = opening;
      continue;
    }
    yield line;
  }
}

/** A heading's text without its optional closing `#`s (`# Title ##`), trimmed; read from the end, in one pass. */
function withoutClosingHashes(text: string): string {
  const trimmed = text.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '#') end--;
  if (end === 0) return '';
  return end < trimmed.length && /[ \t]/.test(trimmed[end - 1]!) ? trimmed.slice(0, end).trimEnd() : trimmed;
}

/** Inline Markdown as the text a reader sees: link and image text kept, their URLs, emphasis and code marks dropped. */
function plainText(markdown: string): string {
  return markdown
    .slice(0, MAX_TEXT)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]*)>/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^*_`]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}
