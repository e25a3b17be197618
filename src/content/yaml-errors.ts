import type { LineCounter, YAMLError } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';

/** A YAML error as a diagnostic's place and words; the caller adds the file. */
export type YamlProblem = Pick<Diagnostic, 'line' | 'column' | 'message' | 'hint'>;

/**
 * The `yaml` package's errors as one problem per line: one mistake often trips several of its
 * rules at once (`title: Broken: yes` is two nested mappings; a stray `- item` is three errors),
 * and an author fixes a line, not a rule. Each gets the hint for what its first error means.
 * `lineOffset` turns a line of the YAML text into a line of the file.
 */
export function yamlProblems(errors: readonly YAMLError[], lineCounter: LineCounter, lineOffset: number): YamlProblem[] {
  const byLine = new Map<number, YAMLError[]>();
  for (const error of errors) {
    const line = lineCounter.linePos(error.pos[0]).line + lineOffset;
    byLine.set(line, [...(byLine.get(line) ?? []), error]);
  }
  return [...byLine].map(([line, found]) => ({
    line,
    column: lineCounter.linePos(found[0]!.pos[0]).col,
    message: `The front matter is not valid YAML: ${firstLine(found[0]!.message)}`,
    hint: hintFor(new Set(found.map((error) => error.code))),
  }));
}

type Code = YAMLError['code'];

/** What to do, by the `yaml` package's error codes on one line: the first rule whose codes are all there. */
const HINTS: ReadonlyArray<[codes: Code[], hint: string]> = [
  [['BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY'], 'A line below this field is indented deeper than it: indent fields equally, or quote a value that goes on over several lines.'],
  [['BLOCK_AS_IMPLICIT_KEY'], 'Quote a value that contains ": ", as in title: "Broken: yes".'],
  [['MULTILINE_IMPLICIT_KEY'], 'Write each field as name: value on a line of its own, and indent list items (- item) under the field they belong to.'],
  [['DUPLICATE_KEY'], 'Each field may be written once: remove or rename the repeated one.'],
  [['TAB_AS_INDENT'], 'Indent with spaces, not tabs.'],
  [['BAD_SCALAR_START'], 'Quote a value that starts with @, ` or another character YAML reserves.'],
  [['MISSING_CHAR'], 'A quote, bracket or brace opened above is never closed: close it where its value ends, or quote the whole value.'],
  [['BAD_INDENT'], 'A [list] or {map} opened on the line above is not closed: close it before that line ends, or write it as indented lines.'],
  [['BAD_ALIAS'], 'An alias (*name) must follow its anchor (&name). Quote values that start with * or &.'],
];

function hintFor(codes: ReadonlySet<Code>): string {
  const rule = HINTS.find(([needed]) => needed.every((code) => codes.has(code)));
  return rule?.[1] ?? 'Quote values that contain a colon or start with a special character.';
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? message;
}
