import type { LineCounter, YAMLError } from 'yaml';
import { say } from '../diagnostics/catalogue/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';

/** A YAML error as a diagnostic's place and words; the caller adds the file. */
export type YamlProblem = Pick<Diagnostic, 'line' | 'column' | 'message' | 'hint'>;

/**
 * The `yaml` package's errors as one problem per line: one mistake often trips several of its
 * rules at once (`title: Broken: yes` is two nested mappings; a stray `- item` is three errors),
 * and an author fixes a line, not a rule. Each gets the hint for what its errors mean (see the catalogue's `yaml-syntax`).
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
    ...say('yaml-syntax', { kind: 'syntax', reason: firstLine(found[0]!.message), yamlCodes: new Set(found.map((error) => error.code)) }),
  }));
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? message;
}
