import { phrase } from '../diagnostics/catalogue/index.ts';
/**
 * Which URLs would run code when followed or loaded. Browsers forgive a lot before they read a
 * scheme (the URL standard strips leading and trailing control characters and spaces and drops
 * tabs and newlines anywhere), so the URL is normalized the same way before its scheme is read;
 * character references are decoded by the HTML and Markdown parsers before a URL gets here.
 */

/** Data URLs of these types are inert: pictures, sound, fonts and plain text. Any other type may hold a page or a script. */
const INERT_DATA_TYPES =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|audio\/[\w.+-]+|video\/[\w.+-]+|font\/[\w.+-]+|text\/plain|text\/css)?$/;

/** What a browser sees of a URL before reading its scheme. */
export function normalizeUrl(url: string): string {
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/**
 * The scheme that makes a URL unsafe (`javascript:`, `vbscript:`, `data:text/html`), or
 * undefined for a URL that runs no code when followed.
 */
export function unsafeUrlScheme(url: string): string | undefined {
  const normalized = normalizeUrl(url);
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(normalized)?.[1]?.toLowerCase();
  if (scheme === 'javascript' || scheme === 'vbscript') return `${scheme}:`;
  if (scheme === 'data') {
    // The data URL processor strips whitespace around the type and ignores its case.
    const type = (normalized.slice(5).split(/[;,]/, 1)[0] ?? '').trim().toLowerCase();
    if (!INERT_DATA_TYPES.test(type)) return `data:${type}`;
  }
  return undefined;
}

/** What an unsafe URL is called in messages. */
export const SAFE_URL_EXPECTED = phrase('safe-url');

/**
 * Decodes HTML character references (`&#x61;`, `&#97;`, `&colon;`) the way a browser would in an
 * attribute, for values that reach HTML without a parser of their own (front matter). Only the
 * named references that can disguise a scheme are known; the rest stay as written.
 */
export function decodeCharacterReferences(value: string): string {
  return value.replace(
    /&(?:#([xX][0-9a-fA-F]+|[0-9]+);?|(colon|Tab|NewLine|sol|period|lpar|rpar|amp);)/g,
    (match, numeric?: string, named?: string) => {
      if (named) return NAMED[named] ?? match;
      const code = numeric![0] === 'x' || numeric![0] === 'X' ? Number.parseInt(numeric!.slice(1), 16) : Number.parseInt(numeric!, 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
    },
  );
}

const NAMED: Record<string, string> = { colon: ':', Tab: '\t', NewLine: '\n', sol: '/', period: '.', lpar: '(', rpar: ')', amp: '&' };
