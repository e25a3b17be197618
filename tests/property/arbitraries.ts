import fc from 'fast-check';

/** Any text at all: control characters, lone surrogates, astral planes, right-to-left marks. */
export const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\uFEFF', '\u202Eevil', 'e\u0301', '\uD800', '日本語', '🦅🦅', '\r', '\t', '\\', '"', "'"),
);

/** Text that is huge: long lines, many lines, or deep nesting. */
export const hugeText = fc.oneof(
  fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 5000 }).map((n) => 'line\n'.repeat(n)),
  fc.integer({ min: 10, max: 500 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
);

/** A URL or path as an author might write one, right or wrong. */
export const anyUrl = fc.oneof(
  fc.constantFrom(
    '/',
    '/about/company',
    '/projects/alpha',
    '/images/pic.svg',
    '/images/nope.svg',
    '/images/pic.svg#x',
    '#',
    '#top',
    '#a-section',
    '/privacy-policy#changing-your-choice',
    'https://example.org',
    'http://[broken',
    '//evil.example/x',
    'mailto:a@b.example',
    'tel:+1',
    'javascript:alert(1)',
    'jav&#x61;script:x',
    ' data:text/html,x',
    'vbscript:x',
    '/%',
    '/%E0%A4%A',
    '/a%2Fb',
    '/images/%2e%2e/%2e%2e/etc/passwd',
    '../../../etc/passwd',
    '/images/../../package.json',
    'C:\\windows',
    '/images/pic.svg?x=1',
    'first-post',
    './',
    '',
    ' ',
    '\u0000',
  ),
  fc.string({ maxLength: 30 }).map((s) => `/${s}`),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** A YAML value in any form: scalars of every type, flow collections, anchors, tags, garbage. */
export const yamlValue = fc.oneof(
  fc.constantFrom(
    '',
    '~',
    'null',
    'true',
    'no',
    '0',
    '-1',
    '1e400',
    '-.inf',
    '.nan',
    '0x1F',
    '2024-02-30',
    '2024-13-01',
    '1999-12-31',
    '12:30',
    '[]',
    '{}',
    '[1, [2, [3]]]',
    '{ a: 1 }',
    '{ path: "/images/pic.svg", alt: "x" }',
    '{ path: "/images/%E0%A4%A", alt: "x" }',
    '*nope',
    '&a x',
    '!!binary aGVsbG8=',
    '!!js/function "x"',
    '!!set { a }',
    '!!omap [ a: 1 ]',
    '"\\u0000"',
    '"\\uD800"',
    '"a\\',
    "'",
    '|\n  block',
    '>-\n  folded',
    '- a\n- b',
    '? complex\n: key',
    '"unterminated',
    '[unclosed',
    '{unclosed',
    ': :',
    '---',
    '...',
    '%YAML 1.1',
    '"javascript:alert(1)"',
    'https://example.org',
    '"/images/pic.svg"',
    '[snowflake, retail]',
    '[nosuchtag]',
    'ada-lovelace',
    'nobody',
  ),
  oddText.map((s) => JSON.stringify(s)),
  oddText,
  hugeText.map((s) => JSON.stringify(s)),
  fc.integer({ min: 1, max: 3000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 300 }).map((n) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n')),
  fc.double().map(String),
  fc.integer().map(String),
);

/** A YAML value that parses (JSON is YAML): the wrong type, odd text, a huge string, a deep structure. */
export const typedValue = fc.oneof(
  oddText.map((s) => JSON.stringify(s)),
  hugeText.map((s) => JSON.stringify(s)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '"javascript:alert(1)"',
    '"/images/pic.svg"',
    '"/images/nope.svg"',
    '"https://example.org"',
    '[snowflake, retail]',
    '2024-02-29',
    '0',
    '-0',
    '1e308',
  ),
);

/** Field names: the ones the schemas know, plus unknown, odd and duplicate ones. */
export const fieldName = fc.oneof(
  fc.constantFrom(
    'title',
    'description',
    'h1',
    'createdDate',
    'updatedDate',
    'hidden',
    'sort',
    'image',
    'banner',
    'icon',
    'ogImage',
    'template',
    'featured',
    'testimonials',
    'partners',
    'name',
    'jobTitle',
    'tagline',
    'shortBio',
    'url',
    'sameAs',
    'linkedInUrl',
    'securityClearances',
    'clients',
    'tags',
    'author',
    'relatedTags',
    'type',
    'publisher',
    '__proto__',
    'constructor',
    'toString',
  ),
  oddText,
);

/** One edit of a front matter's lines. */
export type FrontMatterEdit =
  | { kind: 'set'; line: number; field: string; value: string }
  | { kind: 'replace-value'; line: number; value: string }
  | { kind: 'delete'; line: number }
  | { kind: 'duplicate'; line: number }
  | { kind: 'insert'; line: number; text: string }
  | { kind: 'indent'; line: number; by: string }
  | { kind: 'unclose' }
  | { kind: 'crlf' }
  | { kind: 'bom' }
  | { kind: 'replace-all'; text: string };

export const frontMatterEdit: fc.Arbitrary<FrontMatterEdit> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('set' as const), line: fc.nat(), field: fieldName, value: yamlValue }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace-value' as const), line: fc.nat(), value: yamlValue }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('replace-value' as const), line: fc.nat(), value: typedValue }) },
  fc.record({ kind: fc.constant('delete' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), line: fc.nat(), text: fc.oneof(oddText, yamlValue) }),
  fc.record({ kind: fc.constant('indent' as const), line: fc.nat(), by: fc.constantFrom(' ', '  ', '\t', '    ') }),
  fc.constant({ kind: 'unclose' as const }),
  fc.constant({ kind: 'crlf' as const }),
  fc.constant({ kind: 'bom' as const }),
  fc.record({ kind: fc.constant('replace-all' as const), text: fc.oneof(oddText, yamlValue, hugeText) }),
);

/** Applies edits to a whole file (front matter between the first two `---` lines). */
export function editFrontMatter(text: string, edits: readonly FrontMatterEdit[]): string {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) return text;
  let lines = match[1]!.split('\n');
  let closing = '\n---\n';
  let prefix = '';
  let crlf = false;
  for (const edit of edits) {
    const at = 'line' in edit ? edit.line % (lines.length + 1) : 0;
    switch (edit.kind) {
      case 'set':
        lines.splice(at, 0, `${edit.field.includes(':') || edit.field === '' ? JSON.stringify(edit.field) : edit.field}: ${edit.value}`);
        break;
      case 'replace-value': {
        const line = lines[at] ?? '';
        const colon = line.indexOf(':');
        lines[at] = colon === -1 ? `${line}: ${edit.value}` : `${line.slice(0, colon + 1)} ${edit.value}`;
        break;
      }
      case 'delete':
        lines.splice(at, 1);
        break;
      case 'duplicate':
        lines.splice(at, 0, lines[at] ?? '');
        break;
      case 'insert':
        lines.splice(at, 0, edit.text);
        break;
      case 'indent':
        lines[at] = `${edit.by}${lines[at] ?? ''}`;
        break;
      case 'unclose':
        closing = '\n';
        break;
      case 'crlf':
        crlf = true;
        break;
      case 'bom':
        prefix = '\uFEFF';
        break;
      case 'replace-all':
        lines = edit.text.split('\n');
        break;
    }
  }
  const out = `${prefix}---\n${lines.join('\n')}${closing}${match[2]}`;
  return crlf ? out.replace(/\n/g, '\r\n') : out;
}

/** Pieces of Markdown that stress the parser, the sanitizer and the link check. */
const markdownPiece = fc.oneof(
  fc.constantFrom(
    '# A level-one heading',
    '## Section',
    '###### Deep',
    '## Section',
    '## ',
    '#',
    '- item',
    '1. one',
    '  - nested',
    '* [ ] task',
    '> quote',
    '```',
    '```js\ncode',
    '~~~',
    '    indented code',
    '---',
    '***',
    '| a | b |\n|---|',
    '| a |\n|---|---|\n| 1 | 2 | 3 |',
    '<div>',
    '</div>',
    '<p>',
    '</span>',
    '<table><tr><td>x',
    '<svg><foreignObject><p>x</p></foreignObject></svg>',
    '<math><mi>x</mi></math>',
    '<template><p>x</p></template>',
    '<!-- comment',
    '-->',
    '<![CDATA[ x ]]>',
    '<?php x ?>',
    '<!DOCTYPE html>',
    '<img src="/images/pic.svg" alt="">',
    '<a name="x">anchor</a>',
    '<h3 id="custom">Custom</h3>',
    '<iframe src="https://example.org"></iframe>',
    '<b style="color:red">b</b>',
    '&#0;',
    '&#x110000;',
    '&#xD800;',
    '&nbsp',
    '&amp;',
    '&bogus;',
    '\\',
    '`',
    '``',
    '*',
    '**',
    '_',
    '~~',
    '[',
    ']',
    '(',
    ')',
    '<',
    '>',
    'Text[^1]',
    '[^1]: a note',
    '[^missing]',
    '[ref]',
    '[ref]: /about/company',
    '[ref]: ',
    '<https://example.org>',
    'www.example.org',
    'a@b.example',
    '\u0000',
    '\uFEFF',
    '\r\n',
    '\t',
  ),
  anyUrl.map((url) => `[link](${url})`),
  anyUrl.map((url) => `![image](${url})`),
  anyUrl.map((url) => `[ref]: ${url}`),
  anyUrl.map((url) => `<a href="${url.replace(/"/g, '&quot;')}">raw</a>`),
  // Nesting deep enough to exhaust the parsers' stack (about 2,000 quotes), and merely deep (lists cost quadratic time).
  fc.constantFrom(10, 100, 3000).map((n) => '>'.repeat(n) + ' deep'),
  fc.integer({ min: 1, max: 60 }).map((n) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')),
  fc.integer({ min: 1, max: 500 }).map((n) => '<div>'.repeat(n) + 'x' + '</div>'.repeat(n)),
  fc.integer({ min: 1, max: 1000 }).map((n) => '*'.repeat(n) + 'x' + '*'.repeat(n)),
  oddText,
  hugeText,
);

/** A Markdown body made of random pieces, joined by spaces or line breaks. */
export const markdownBody = fc
  .array(fc.tuple(markdownPiece, fc.constantFrom(' ', '\n', '\n\n')), { maxLength: 25 })
  .map((pieces) => pieces.map(([piece, gap]) => piece + gap).join(''));

/** One segment of a file name: spaces, dots, unicode, case, characters URLs treat specially. */
export const nameSegment = fc.oneof(
  fc.constantFrom(
    'Alpha',
    'ALPHA',
    'alpha',
    'a b',
    ' lead',
    'trail ',
    'a.b.c',
    '..',
    '.',
    '...x',
    'index',
    '_index',
    '_',
    '-',
    'café',
    'cafe\u0301',
    '日本',
    '🦅',
    'a#b',
    'a?b',
    'a%20b',
    '%',
    'a&b',
    "it's",
    'a"b',
    'a<b>',
    'a+b',
    'a;b',
    'CON',
    'nul',
    '\u202Eevil',
    'x'.repeat(200),
  ),
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('/') && !s.includes('\0')),
);

/** Image bytes that are not what their name says: garbage, truncated, empty, or another format. */
export const badImageBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  fc.constant(new Uint8Array()),
  fc
    .constantFrom(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">',
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="-5" height="1e999" viewBox="0 0 0 0"></svg>',
      '<svg><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "xxxxxxxx">]><svg width="1" height="1">&x;</svg>',
      'not an image at all',
    )
    .map((text) => new TextEncoder().encode(text)),
  // A real PNG header with nothing after it.
  fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])),
  // A JPEG start marker with random bytes after it.
  fc.uint8Array({ maxLength: 512 }).map((tail) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...tail])),
);
