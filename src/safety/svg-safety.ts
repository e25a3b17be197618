import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { unsafeUrlScheme } from './unsafe-url.ts';
import { cssReferences } from './svg-css.ts';
import { diagnose, type SvgFinding } from '../diagnostics/catalogue/index.ts';

/**
 * Elements that run code, or hold a document that can, whatever namespace prefix they are written
 * with (`<svg:script>`, `<h:iframe>`): an SVG from the content folder is a picture, and a picture
 * needs none of them.
 */
const CODE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'frame',
  'frameset',
  'embed',
  'object',
  'applet',
  'handler',
  'listener',
  'portal',
  'meta',
  'base',
]);

/** Namespaces whose elements run scripts when an SVG is opened as a document. */
const CODE_NAMESPACES = /^(http:\/\/www\.w3\.org\/1999\/xhtml|http:\/\/www\.w3\.org\/1999\/XSL\/Transform)$/i;

/** Attributes that load something: another origin there could be tracked or swapped. Links (`<a href>`) may lead anywhere. */
const REFERENCE = new Set(['href', 'src']);

/** How far the text was read as the CSS of a `<style>` element. */
interface StyleScan {
  checkedTo: number;
}

/** Something in an SVG that would run code, at its offset in the text. */
type Finding = SvgFinding & {
  offset: number;
  field: string;
  actual?: string;
};

/**
 * Checks an SVG of the content folder, which is published as it is and runs as a document when
 * opened on its own: a `<script>` (or an element that holds a document), an `on…` handler, a
 * `javascript:`-like URL in any attribute (an `<a href>`, an `<animate values>`), a reference to
 * another origin, an entity declaration (which could hide any of these from a reader) or a
 * processing instruction (an XSLT stylesheet) is an error at its line. One linear pass over the
 * text, without a parser: every `<` is read once, and each construct's end is found by searching forward.
 */
export function checkSvg(file: string, text: string): Diagnostic[] {
  const findings: Finding[] = [];
  const styles: StyleScan = { checkedTo: -1 };
  let at = text.indexOf('<');
  while (at !== -1 && at < text.length) {
    if (text.startsWith('<!--', at)) at = endOf(text, '-->', at);
    else if (text.startsWith('<![CDATA[', at)) at = endOf(text, ']]>', at);
    else if (text.startsWith('<!', at)) {
      const end = endOf(text, '>', at);
      const declaration = text.slice(at, end);
      if (/^<!ENTITY/i.test(declaration) || declaration.includes('[')) {
        findings.push({ offset: at, field: '<!DOCTYPE>', kind: 'entities' });
      }
      at = end;
    } else if (text.startsWith('<?', at)) {
      const end = endOf(text, '?>', at);
      if (!/^<\?xml[\s?]/i.test(text.slice(at, at + 6)))
        findings.push({ offset: at, field: '<?…?>', kind: 'instruction', actual: quote(text.slice(at, Math.min(end, at + 60))) });
      at = end;
    } else if (text.startsWith('</', at)) at = endOf(text, '>', at);
    else at = readTag(text, at, findings, styles);
    at = text.indexOf('<', at);
  }
  return located(file, text, findings);
}

/** Reads a start tag from its `<`, noting what runs code; returns where the tag ends. */
function readTag(text: string, start: number, findings: Finding[], styles: StyleScan): number {
  const name = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(start, start + 100))?.[1];
  if (!name) return start + 1;
  const element = localName(name);
  if (CODE_ELEMENTS.has(element)) findings.push({ offset: start, field: `<${name}>`, kind: 'element' });
  let at = start + 1 + name.length;
  while (at < text.length) {
    while (/\s/.test(text[at] ?? '')) at++;
    if (text[at] === '>' && element === 'style') checkStyleElement(text, at + 1, findings, styles);
    if (text[at] === '>' || text[at] === '<') return at;
    if (text.startsWith('/>', at)) return at + 2;
    const attribute = /^[^\s=/>]+/.exec(text.slice(at, at + 200))?.[0];
    if (!attribute) return at + 1;
    at += attribute.length;
    while (/\s/.test(text[at] ?? '')) at++;
    let value = '';
    if (text[at] === '=') {
      at++;
      while (/\s/.test(text[at] ?? '')) at++;
      const quoteMark = text[at];
      if (quoteMark === '"' || quoteMark === "'") {
        const end = text.indexOf(quoteMark, at + 1);
        value = text.slice(at + 1, end === -1 ? text.length : end);
        at = end === -1 ? text.length : end + 1;
      } else {
        value = /^[^\s>]*/.exec(text.slice(at, at + 2000))![0];
        at += value.length;
      }
    }
    checkAttribute(name, element, attribute, decodeXml(value), start, findings);
  }
  return at;
}

function checkAttribute(tag: string, element: string, attribute: string, value: string, offset: number, findings: Finding[]): void {
  const local = localName(attribute);
  const field = `<${tag} ${attribute}>`;
  if (local.startsWith('on')) return void findings.push({ offset, field, kind: 'handler', actual: quote(value) });
  if ((attribute === 'xmlns' || attribute.startsWith('xmlns:')) && CODE_NAMESPACES.test(value.trim())) {
    return void findings.push({ offset, field, kind: 'namespace', actual: quote(value) });
  }
  if (local === 'attributename' && /^\s*on/i.test(value))
    return void findings.push({ offset, field, kind: 'animated-handler', actual: quote(value) });
  // `values` of an animation is a list: each item may become an href.
  const unsafe = [value, ...value.split(';')].map(unsafeUrlScheme).find(Boolean);
  if (unsafe) return void findings.push({ offset, field, kind: 'url', scheme: unsafe, actual: quote(value) });
  if (REFERENCE.has(local) && element !== 'a' && isOtherOrigin(value)) {
    return void findings.push({ offset, field, kind: 'other-origin', actual: quote(value) });
  }
  // Any attribute may hold CSS: `style`, and presentation attributes such as `fill` and `mask`.
  if (/[(@]/.test(value)) checkCss(value, field, () => offset, findings);
}

/**
 * The URLs a piece of CSS loads (see `cssReferences`), held to the rule of `href`: a fragment of
 * the same document (`url(#g)`), a relative or root-relative path and a `data:` picture pass; a
 * URL of another origin, or one that runs code, fails at its line (`offsetOf` gives it).
 */
function checkCss(css: string, field: string, offsetOf: (index: number) => number, findings: Finding[]): void {
  for (const { url, index } of cssReferences(css)) {
    const scheme = unsafeUrlScheme(url);
    if (scheme) findings.push({ offset: offsetOf(index), field, kind: 'url', scheme, actual: quote(url) });
    else if (isOtherOrigin(url)) findings.push({ offset: offsetOf(index), field, kind: 'other-origin', actual: quote(url) });
  }
}

/**
 * A URL that leads to another origin: one with a scheme (but `data:`), or a protocol-relative
 * one. Read as a browser's URL parser does: leading spaces and control characters dropped, tabs
 * and newlines removed, and `\` taken for `/`, so `\\evil.example` is `//evil.example`.
 */
function isOtherOrigin(url: string): boolean {
  const read = url
    .replace(/^[\u0000-\u0020]+/, '')
    .replace(/[\t\n\r]/g, '')
    .replaceAll('\\', '/');
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(read) && !/^data:/i.test(read);
}

/**
 * A `<style>` element's CSS, from just after its start tag to its end tag, checked as an
 * attribute's is; character references are decoded first, as the XML parser does. Each finding is
 * at the line of the reference (character references never stand for a line break here).
 */
function checkStyleElement(text: string, start: number, findings: Finding[], styles: StyleScan): void {
  // A `<style>` inside one already read (or after one never closed) was read with it: each character is read once.
  if (start <= styles.checkedTo) return;
  const close = /<\/(?:[\w.-]+:)?style\s*>/gi;
  close.lastIndex = start;
  const end = close.exec(text)?.index ?? text.length;
  styles.checkedTo = end;
  const css = decodeXml(text.slice(start, end));
  // Lines of the CSS, each at its offset in the file, so a finding is placed at the line it is on.
  const lineStarts = [start];
  for (let i = text.indexOf('\n', start); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  let line = 0;
  let counted = 0;
  checkCss(
    css,
    '<style>',
    (index) => {
      for (let i = css.indexOf('\n', counted); i !== -1 && i < index; i = css.indexOf('\n', i + 1)) line++;
      counted = Math.max(counted, index);
      return lineStarts[Math.min(line, lineStarts.length - 1)]!;
    },
    findings,
  );
}

/** Diagnostics at each finding's line, counted in one pass as the findings come in order. */
function located(file: string, text: string, findings: readonly Finding[]): Diagnostic[] {
  let line = 1;
  let counted = 0;
  return findings.map((finding) => {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < finding.offset; i = text.indexOf('\n', i + 1)) line++;
    counted = Math.max(counted, finding.offset);
    return {
      ...diagnose('unsafe-svg', finding),
      file,
      line,
      field: finding.field,
      ...(finding.actual === undefined ? {} : { actual: finding.actual }),
    };
  });
}

function endOf(text: string, marker: string, from: number): number {
  const end = text.indexOf(marker, from + 2);
  return end === -1 ? text.length : end + marker.length;
}

function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1).toLowerCase();
}

/** Decodes XML character references, as the browser does before it reads a URL. */
function decodeXml(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(
    /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos));/g,
    (match, hex?: string, dec?: string, named?: string) => {
      if (named) return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[named]!;
      const code = hex ? Number.parseInt(hex, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    },
  );
}

function quote(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}
