import { area, entry, didYouMean, SEE_STACK } from './define.ts';

/** What a `yaml-syntax` error says: the YAML's own reason (with the `yaml` package's codes on its line), or what the engine refused. */
export type YamlSyntax =
  | { kind: 'syntax'; reason: string; yamlCodes: ReadonlySet<string> }
  | { kind: 'alias'; reason: string }
  | { kind: 'deep'; levels: number }
  | { kind: 'not-fields' };

/** What to do, by the `yaml` package's error codes on one line: the first rule whose codes are all there. */
const YAML_HINTS: ReadonlyArray<[codes: string[], hint: string]> = [
  [
    ['BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY'],
    'A line below this field is indented deeper than it: indent fields equally, or quote a value that goes on over several lines.',
  ],
  [['BLOCK_AS_IMPLICIT_KEY'], 'Quote a value that contains ": ", as in title: "Broken: yes".'],
  [
    ['MULTILINE_IMPLICIT_KEY'],
    'Write each field as name: value on a line of its own, and indent list items (- item) under the field they belong to.',
  ],
  [['DUPLICATE_KEY'], 'Each field may be written once: remove or rename the repeated one.'],
  [['TAB_AS_INDENT'], 'Indent with spaces, not tabs.'],
  [['BAD_SCALAR_START'], 'Quote a value that starts with @, ` or another character YAML reserves.'],
  [['MISSING_CHAR'], 'A quote, bracket or brace opened above is never closed: close it where its value ends, or quote the whole value.'],
  [
    ['BAD_INDENT'],
    'A [list] or {map} opened on the line above is not closed: close it before that line ends, or write it as indented lines.',
  ],
  [['BAD_ALIAS'], 'An alias (*name) must follow its anchor (&name). Quote values that start with * or &.'],
];

function yamlHint(codes: ReadonlySet<string>): string {
  const rule = YAML_HINTS.find(([needed]) => needed.every((code) => codes.has(code)));
  return rule?.[1] ?? 'Quote values that contain a colon or start with a special character.';
}

/** The hint for a field the collection computed from the file when the schema refuses it, whatever the code. */
export function computedFieldHint(field: string): string {
  return `${field} is computed from the file (the collection's computed.${field}): give the file what it is computed from, or set ${field} in the front matter.`;
}

/** The codes of the section "Front matter" of docs/errors.md, in its order. */
/** The kinds of `invalid-type` with words of their own (any other value has "the wrong type"). */
type InvalidType = 'union' | 'schema' | 'zod3' | 'draft' | 'translationKey';
const INVALID_TYPE_MESSAGES: Partial<Record<InvalidType, string>> = {
  union: 'matches none of the allowed forms',
  schema: 'must return a zod schema',
  zod3: 'must return a zod 4 schema',
};
const INVALID_TYPE_HINTS: Partial<Record<InvalidType, string>> = {
  draft: 'draft: true leaves the page out of `site build` (but not `site serve` or `site build --drafts`).',
  translationKey: 'translationKey links a page to its translations in other locales; they share the same text (see docs/multilingual.md).',
  zod3: "import { z } from 'stillsite' (zod 4) rather than from 'zod/v3' or zod 3.",
};

export const frontMatter = area({
  title: 'Front matter',
  codes: {
    'missing-front-matter': entry({
      severity: 'error',
      message: () => 'The file has no front matter.',
      hint: () => "Add front matter, or let the file's collection take plain Markdown: frontMatter: 'optional', with computed fields.",
      cause: 'the file does not start with a `---` line',
      fix: 'begin it with `---`, the YAML fields, and a closing `---`',
    }),
    'yaml-syntax': entry<YamlSyntax>({
      severity: 'error',
      message: (p) =>
        p.kind === 'deep'
          ? `The front matter nests lists or fields more than ${p.levels} levels deep.`
          : p.kind === 'not-fields'
            ? 'The front matter must be a set of `field: value` lines.'
            : `The front matter is not valid YAML: ${p.reason}`,
      hint: (p) => {
        if (p.kind === 'deep') return 'Flatten it: front matter needs a few levels at most.';
        if (p.kind === 'alias')
          return 'An alias (*name) must follow its anchor (&name), and aliases must not multiply beyond reason. Quote values that start with * or &.';
        if (p.kind === 'syntax') return yamlHint(p.yamlCodes);
        return undefined;
      },
      cause: 'the front matter is not valid YAML: an unclosed quote, bad indentation, a key given twice, a tab',
      fix: 'fix the YAML at the line and column given; quote values holding `: ` or ` #`',
    }),
    'missing-field': entry<{ empty?: boolean }>({
      severity: 'error',
      message: (p) => (p.empty ? 'must not be empty' : 'is required'),
      cause: 'a field the schema requires is absent, or a text that `.min(1)` requires is empty',
      fix: 'add the field; a misspelt name is reported as `unknown-field` instead, with this hint',
    }),
    'unknown-field': entry<{ suggestion?: string; required?: boolean; inSchema?: boolean }>({
      severity: 'error',
      message: (p) => (p.inSchema ? "names a field the collection's schema does not have" : 'is not a known field'),
      hint: (p) =>
        p.suggestion
          ? `${didYouMean(p.suggestion)}${p.required ? ' It is required, and missing.' : ''}`
          : p.inSchema
            ? undefined
            : 'remove it, or fix its spelling',
      cause:
        'a field the schema (a `z.strictObject`) does not define, usually a misspelling; in a site definition, a field `defineSite` does not know',
      fix: 'use the suggested name, or remove the field',
    }),
    'invalid-type': entry<{ kind?: InvalidType }>({
      severity: 'error',
      message: (p) => (p.kind && INVALID_TYPE_MESSAGES[p.kind]) || 'has the wrong type',
      hint: (p) => (p.kind && INVALID_TYPE_HINTS[p.kind]) || undefined,
      cause:
        "a value of the wrong kind: text where a number or list is wanted, or a value matching none of a union's forms; in a site definition, a field of the wrong type, or a `schema` that returns no zod schema (or a zod 3 one)",
      fix: 'write the kind of value the `expected` part names',
    }),
    'invalid-value': entry<{ suggestion?: string; theme?: boolean }>({
      severity: 'error',
      message: (p) => (p.theme ? 'names a theme Shiki does not have' : 'is not one of the allowed values'),
      hint: (p) => (p.suggestion ? didYouMean(p.suggestion) : undefined),
      cause: 'a value that is not one of the allowed values (`z.enum`, `z.literal`)',
      fix: 'use one of the listed values; see the hint',
    }),
    'invalid-format': entry<{ rootRelative?: boolean }>({
      severity: 'error',
      message: (p) => (p.rootRelative ? 'is not a root-relative path' : 'is not in the expected format'),
      cause:
        'text in the wrong form: a URL, an e-mail address, a pattern (`regex`), a date not written `YYYY-MM-DD` or as an ISO 8601 date and time, an `asset()` path that is not root-relative; in a site definition, a `lang`, `origin` or root-relative path',
      fix: 'write it in the form `expected` names',
    }),
    'invalid-date': entry<{ time?: boolean }>({
      severity: 'error',
      message: (p) => (p.time ? 'is not a real time of day' : 'is not a real calendar date'),
      cause:
        'a [`date()`](content.md#schema-helpers) names a day or time that does not exist (`2026-02-30`, `T24:00`, an offset past `+23:59`)',
      fix: 'correct the date',
    }),
    'too-small': entry({
      severity: 'error',
      message: () => 'is too small',
      cause: 'a number below its minimum, or a text or list shorter than it',
      fix: 'lengthen or raise it to the limit named',
    }),
    'too-big': entry({
      severity: 'error',
      message: () => 'is too large',
      cause: 'a number above its maximum, or a text or list longer than it',
      fix: 'shorten or lower it to the limit named',
    }),
    'invalid-content': entry<{ check: string } | { levels: number } | { markers: number }>({
      severity: 'error',
      message: (p) =>
        'check' in p
          ? p.check
          : 'levels' in p
            ? `nests quotes, lists or HTML elements more than ${p.levels} levels deep`
            : `crowds one paragraph with more emphasis and link markers than ${p.markers / 2} pairs (\`*\`, \`_\`, \`[\`, \`]\`)`,
      hint: (p) =>
        'levels' in p
          ? 'Flatten the deepest part: a few levels are plenty.'
          : 'markers' in p
            ? "Split the paragraph with blank lines, or put such text in a code block: the Markdown parser's time grows with the square of a paragraph's markers."
            : undefined,
      cause:
        'a custom check (`.refine`) failed, the content nests quotes, lists or HTML more than 100 levels deep, or crowds one paragraph with more than 1,000 pairs of emphasis or link markers (each at the line where it does, found before the body is parsed), or another schema rule failed',
      fix: "read the message: it is the check's own; flatten deep nesting; split a crowded paragraph",
    }),
    'missing-image': entry<{ resolved?: string; suggestion?: string }>({
      severity: 'error',
      message: (p) => (p.resolved ? `names a file that does not exist: it resolves to ${p.resolved}` : 'names a file that does not exist'),
      hint: (p) => (p.suggestion ? didYouMean(p.suggestion) : undefined),
      cause:
        'an [`asset()`](content.md#schema-helpers) field names a file that is in neither the content nor the public folder; a relative path is named with what it resolved to',
      fix: 'fix the path (root-relative, e.g. `/images/x.svg`, or relative to the Markdown file, e.g. `./x.svg`; the hint names the nearest file) or add the file',
    }),
    'computed-field-failed': entry<{ field: string; reason: string }>({
      severity: 'error',
      message: (p) => `The collection's computed.${p.field} threw: ${p.reason}`,
      hint: () => SEE_STACK,
      cause: "a function of a collection's [`computed`](content.md#fields-computed-from-the-file) threw on the file",
      fix: 'fix the function (or the file); `--verbose` shows the stack',
    }),
    'unknown-reference': entry<{ collection: string; slug: string; draft: boolean }>({
      severity: 'error',
      message: (p) => `refers to no entry of "${p.collection}"`,
      hint: (p) =>
        p.draft ? `"${p.slug}" is a draft (draft: true), left out of this build: publish it, or build with --drafts.` : undefined,
      cause: 'a [`ref()`](content.md#schema-helpers) field names a slug no entry of that collection has',
      fix: 'use one of the listed slugs, or add the entry',
    }),
    'front-matter-too-large': entry<{ bound: 'bytes' | 'keys' | 'aliases' }>({
      severity: 'error',
      message: (p) =>
        p.bound === 'bytes'
          ? 'The front matter is larger than the engine reads.'
          : p.bound === 'keys'
            ? 'The front matter has more keys than the engine reads.'
            : 'The front matter has more aliases (*name) than the engine reads.',
      hint: () => "Front matter holds a page's fields: put long text in the body, and many records in a collection of their own.",
      cause:
        'the front matter is over 256 KiB, has more than 1,000 keys (counted at every level) or more than 100 aliases (`*name`): bounds a hundred times above any real page, that keep a hostile file from costing the build minutes',
      fix: 'shorten it at the line given; move data out of the front matter',
    }),
  },
});
