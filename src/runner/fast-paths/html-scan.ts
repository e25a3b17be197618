import type { PageScan, ScannedLink } from '../../render/page-scan.ts';
import {
  isJavaScriptUrl,
  isKnownBootstrapTag,
  isKnownScriptTag,
  isKnownStyleTag,
  SCRIPT_URL_ATTRIBUTES,
} from '../../security/inline-code.ts';

/**
 * Reads the ids and link targets of a page the build itself wrote. The HTML comes from two
 * serializers only (react-dom/server and hast-util-to-html), which always quote attributes and
 * escape `<` in text, so start tags can be read without a full HTML parser: parse5's parse of a
 * page costs 13 to 17 times as much, and the scan saves about 1.9 s of a 1,000-page build
 * (`scripts/bench/fast-paths.ts`). The reading is written out by
 * hand, a character at a time, rather than as regular expressions: those took a twelfth of a
 * 10,000-page build. It reads exactly what this pattern matches, comments skipped whole and the
 * text of raw-text elements (`<script>`, `<style>`, …) passed over to their closing tag:
 *
 *     <name  (\s+ attribute (\s* = \s* ("…" | '…' | unquoted))?)*  \s* /? >
 *
 * A `<` where the pattern does not match is text. `tests/property/html-scan.test.ts` holds this
 * reader to the pattern itself on pages, generated markup and arbitrary text, and to what it
 * stands in for, parse5's parse (`readPageWithParse5` in `render/page-scan.ts`), on the site's pages and markup.
 */

/** Elements whose content is text, never markup: skipped whole so `<a` inside a script is not read as a tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'plaintext']);
/** Attributes that hold one URL, on any element. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'formaction', 'xlink:href', 'cite', 'background']);
/** Attributes whose values the reading needs: the URL-valued ones (those that can run code too), and those that name an id, a rel or a meta property. */
const READ = new Set([...URL_ATTRIBUTES, ...SCRIPT_URL_ATTRIBUTES, 'id', 'name', 'srcset', 'imagesrcset', 'rel', 'property', 'content']);
/** Social-preview meta tags whose content is a URL of the site. */
const URL_METAS = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'og:url', 'og:video', 'og:audio', 'twitter:image']);

const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const BANG = 0x21;

/** Classes of the ASCII characters, looked up rather than compared one by one. */
const SPACE = 1;
/** `[a-zA-Z]` */
const LETTER = 2;
/** `[a-zA-Z0-9:-]` */
const TAG_NAME = 4;
/** `[^\s"'>/=]` */
const ATTRIBUTE_NAME = 8;
/** `[^\s"'=<>\`]` */
const UNQUOTED_VALUE = 16;
const ASCII = new Uint8Array(0x80).map((_, code) => {
  const char = String.fromCharCode(code);
  const space = /\s/.test(char);
  return (
    (space ? SPACE : 0) |
    (/[a-zA-Z]/.test(char) ? LETTER : 0) |
    (/[a-zA-Z0-9:-]/.test(char) ? TAG_NAME : 0) |
    (!space && !`"'>/=`.includes(char) ? ATTRIBUTE_NAME : 0) |
    (!space && !'"\'=<>`'.includes(char) ? UNQUOTED_VALUE : 0)
  );
});

/** What `\s` matches in a JavaScript pattern. */
function isSpace(code: number): boolean {
  if (code < 0x80) return (ASCII[code]! & SPACE) !== 0;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether `code` is of class `kind`; beyond ASCII only spaces are excluded from names and values. */
const is = (code: number, kind: number) =>
  code < 0x80 ? (ASCII[code]! & kind) !== 0 : kind === ATTRIBUTE_NAME || kind === UNQUOTED_VALUE ? !isSpace(code) : false;

/** The attributes of one start tag the reading needs, first of each name only (as in a browser), values still encoded. */
class TagAttributes {
  count = 0;
  /** Whether one of the tag's attributes runs code (`onclick`, say), read or not. */
  runsCode = false;
  readonly names: string[] = [];
  readonly values: string[] = [];
  add(name: string, value: string): void {
    for (let i = 0; i < this.count; i++) if (this.names[i] === name) return;
    this.names[this.count] = name;
    this.values[this.count++] = value;
  }
  get(name: string): string | undefined {
    for (let i = 0; i < this.count; i++) if (this.names[i] === name) return decodeAttribute(this.values[i]!);
    return undefined;
  }
}

/**
 * Length and first letter (lower case) of each name in `READ`, as `length * 128 + code`: most
 * attributes (class, aria-*, width) are passed over on these two without cutting out their name.
 */
const READ_SHAPES = new Set([...READ].map((name) => name.length * 128 + name.charCodeAt(0)));
const RAW_TEXT_SHAPES = new Set([...RAW_TEXT].map((name) => name.length * 128 + name.charCodeAt(0)));

/** Every id (and `<a name>`) and every URL-valued attribute of a page, in document order. */
export function scanHtml(html: string): PageScan {
  const ids = new Set<string>();
  const links: ScannedLink[] = [];
  const attributes = new TagAttributes();
  const length = html.length;
  let mayHoldInlineCode = false;
  const styles: string[] = [];
  const scripts: string[] = [];
  // Text that is no tag is read once, however many `<` it holds (see `FailedTags`); a comment
  // never closed is searched for its end once.
  const failed = new FailedTags(length);
  let unclosedCommentFrom = length;
  let at = html.indexOf('<');
  while (at !== -1) {
    const next = html.charCodeAt(at + 1);
    if (next === BANG && html.startsWith('!--', at + 1)) {
      const close = at + 4 >= unclosedCommentFrom ? -1 : html.indexOf('-->', at + 4);
      if (close === -1) unclosedCommentFrom = Math.min(unclosedCommentFrom, at + 4);
      at = close === -1 ? html.indexOf('<', at + 1) : html.indexOf('<', close + 3);
      continue;
    }
    if (!is(next, LETTER)) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    let index = at + 2;
    while (index < length && is(html.charCodeAt(index), TAG_NAME)) index++;
    const tagEnd = index;
    const end = readAttributes(html, index, attributes, failed);
    if (end === -1) {
      // Not a tag after all: the `<` is text.
      failed.fail();
      at = html.indexOf('<', at + 1);
      continue;
    }
    failed.pass();
    // Most tags need no name: they carry nothing to read and are not raw text.
    const shape = (tagEnd - at - 1) * 128 + (html.charCodeAt(at + 1) | 0x20);
    const tag = attributes.count > 0 || RAW_TEXT_SHAPES.has(shape) ? html.slice(at + 1, tagEnd).toLowerCase() : '';
    if (attributes.count > 0) read(tag, attributes, ids, links);
    const rawTextEnd = tag !== '' && RAW_TEXT.has(tag) ? closingTag(html, tag, end) : end;
    if (!mayHoldInlineCode) {
      mayHoldInlineCode =
        attributes.runsCode ||
        (tag === 'style' && !engineCode(html, at, end, rawTextEnd, isKnownStyleTag, styles)) ||
        (tag === 'script' && !isKnownScriptTag(html, at) && !engineCode(html, at, end, rawTextEnd, isKnownBootstrapTag, scripts)) ||
        (attributes.count > 0 && hasJavaScriptUrl(attributes));
    }
    at = rawTextEnd;
    if (at !== -1) at = html.indexOf('<', at);
  }
  return { ids, links, mayHoldInlineCode, styles, scripts };
}

/**
 * Reads the attributes of the start tag whose name ends at `index` into `attributes`, each after
 * whitespace, until its `>` or `/>`: returns the index just past that, or -1 when the `<` starts
 * no tag after all.
 */
function readAttributes(html: string, index: number, attributes: TagAttributes, failed: FailedTags): number {
  const length = html.length;
  attributes.count = 0;
  attributes.runsCode = false;
  for (let attribute = 0; ; attribute++) {
    const spaceStart = index;
    if (failed.reached(index, attribute)) return -1;
    while (index < length && isSpace(html.charCodeAt(index))) index++;
    const code = html.charCodeAt(index);
    if (code === GT) return index + 1;
    if (code === SLASH && html.charCodeAt(index + 1) === GT) return index + 2;
    if (index === spaceStart) return -1;
    const nameStart = index;
    while (index < length && is(html.charCodeAt(index), ATTRIBUTE_NAME)) index++;
    if (index === nameStart) return -1;
    const nameEnd = index;
    // An optional value: the attribute ends after its name when none follows.
    let valueAt = index;
    while (valueAt < length && isSpace(html.charCodeAt(valueAt))) valueAt++;
    let value = '';
    if (html.charCodeAt(valueAt) === EQUALS) {
      valueAt++;
      while (valueAt < length && isSpace(html.charCodeAt(valueAt))) valueAt++;
      const quote = html.charCodeAt(valueAt);
      if (quote === QUOTE || quote === APOSTROPHE) {
        const close = html.indexOf(quote === QUOTE ? '"' : "'", valueAt + 1);
        if (close !== -1) {
          value = html.slice(valueAt + 1, close);
          index = close + 1;
        }
      } else {
        let valueEnd = valueAt;
        while (valueEnd < length && is(html.charCodeAt(valueEnd), UNQUOTED_VALUE)) valueEnd++;
        if (valueEnd > valueAt) {
          value = html.slice(valueAt, valueEnd);
          index = valueEnd;
        }
      }
    }
    if (!attributes.runsCode) attributes.runsCode = isInlineCodeAttribute(html, nameStart, nameEnd);
    if (READ_SHAPES.has((nameEnd - nameStart) * 128 + (html.charCodeAt(nameStart) | 0x20))) {
      const lower = html.slice(nameStart, nameEnd).toLowerCase();
      if (READ.has(lower)) attributes.add(lower, value);
    }
  }
}

/**
 * The places between attributes that a tag read from an earlier `<` passed through and then
 * failed to close. What follows such a place depends on nothing but the place, so a tag read from
 * a later `<` that comes to it fails too, without reading on: text of many `<` that make no tag
 * (`<a <a <a …`) is read about once, not once for each `<` (20,000 of them took 34 s, issue 39).
 * A tag's first few places are not noted, so the tags of a page cost nothing more: a later tag
 * reads at most those few again before it comes to a noted one.
 */
class FailedTags {
  /** Places before this many attributes of a tag are not noted. */
  private static readonly UNNOTED = 8;
  private marks: Uint8Array | undefined;
  private readonly seen: number[] = [];
  private readonly length: number;
  constructor(length: number) {
    this.length = length;
  }
  /** Notes the place before a tag's attribute number `attribute`; true when a tag failed from there before. */
  reached(index: number, attribute: number): boolean {
    if (this.marks !== undefined && this.marks[index] === 1) return true;
    if (attribute >= FailedTags.UNNOTED) this.seen.push(index);
    return false;
  }
  fail(): void {
    this.marks ??= new Uint8Array(this.length + 1);
    for (const index of this.seen) this.marks[index] = 1;
    this.seen.length = 0;
  }
  pass(): void {
    if (this.seen.length > 0) this.seen.length = 0;
  }
}

/** Whether a URL attribute holds a `javascript:` URL; one with neither a colon nor a character reference cannot. */
function hasJavaScriptUrl({ names, values, count }: TagAttributes): boolean {
  for (let i = 0; i < count; i++) {
    const value = values[i]!;
    if (SCRIPT_URL_ATTRIBUTES.has(names[i]!) && (value.includes(':') || value.includes('&')) && isJavaScriptUrl(decodeAttribute(value)))
      return true;
  }
  return false;
}

/** A `style` attribute or an event handler (`on` and a letter), in any case. */
function isInlineCodeAttribute(html: string, start: number, end: number): boolean {
  const first = html.charCodeAt(start) | 0x20;
  if (first === 0x73 /* s */) return end - start === 5 && html.slice(start, end).toLowerCase() === 'style';
  return (
    first === 0x6f /* o */ &&
    end - start > 2 &&
    (html.charCodeAt(start + 1) | 0x20) === 0x6e /* n */ &&
    is(html.charCodeAt(start + 2), LETTER)
  );
}

function read(tag: string, attributes: TagAttributes, ids: Set<string>, links: ScannedLink[]): void {
  const { names, count } = attributes;
  const id = attributes.get('id');
  if (id) ids.add(id);
  if (tag === 'a') {
    const name = attributes.get('name');
    if (name) ids.add(name);
  }
  for (let i = 0; i < count; i++) {
    const name = names[i]!;
    if (URL_ATTRIBUTES.has(name) || (name === 'data' && tag === 'object')) {
      if (!(tag === 'link' && /\b(preconnect|dns-prefetch)\b/i.test(attributes.get('rel') ?? '')))
        links.push({ where: where(tag, name), url: decodeAttribute(attributes.values[i]!) });
    } else if (name === 'srcset' || name === 'imagesrcset') {
      for (const candidate of decodeAttribute(attributes.values[i]!).split(',')) {
        const url = candidate.trim().split(/\s+/, 1)[0];
        if (url) links.push({ where: where(tag, name), url });
      }
    }
  }
  if (tag === 'meta') {
    const property = attributes.get('property') ?? attributes.get('name') ?? '';
    const content = attributes.get('content');
    if (content && URL_METAS.has(property.toLowerCase())) links.push({ where: `<meta ${property}>`, url: content });
  }
}

/** `<tag name>`, one string per pair for the whole build rather than one per link. */
const wheres = new Map<string, Map<string, string>>();
function where(tag: string, name: string): string {
  let byName = wheres.get(tag);
  if (!byName) wheres.set(tag, (byName = new Map()));
  let text = byName.get(name);
  if (text === undefined) byName.set(name, (text = `<${tag} ${name}>`));
  return text;
}

/**
 * Whether the `<style` or `<script` at `at` begins a tag of the engine's own shape (`isKnownTag`: an
 * inline stylesheet, the bootstrap) whose text every parser reads alike (closed, no `<` or `&`
 * inside: in SVG a parser would read tags and character references there); if so, its text is
 * added to `texts`.
 */
function engineCode(
  html: string,
  at: number,
  textStart: number,
  textEnd: number,
  isKnownTag: (html: string, at: number) => boolean,
  texts: string[],
): boolean {
  if (textEnd === -1 || !isKnownTag(html, at)) return false;
  const text = html.slice(textStart, textEnd);
  if (text.includes('<') || text.includes('&')) return false;
  texts.push(text);
  return true;
}

/** Where the text of a `<script>`, `<style>` or the like ends: its closing tag, in any ASCII case, or -1 for the end of the page. */
function closingTag(html: string, tag: string, from: number): number {
  search: for (let at = html.indexOf('</', from); at !== -1; at = html.indexOf('</', at + 1)) {
    for (let i = 0; i < tag.length; i++) {
      const code = html.charCodeAt(at + 2 + i);
      if (code !== tag.charCodeAt(i) && code + 0x20 !== tag.charCodeAt(i)) continue search;
    }
    return at;
  }
  return -1;
}

/** The named references the two serializers write; anything else they write as a number. */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(?:#[xX]([0-9a-fA-F]+)|#([0-9]+)|([a-zA-Z]+));/g, (match, hex?: string, decimal?: string, name?: string) => {
    if (name) return NAMED[name] ?? match;
    const code = hex ? Number.parseInt(hex, 16) : Number.parseInt(decimal!, 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
  });
}
