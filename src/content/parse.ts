import matter from 'gray-matter';
import { LineCounter, visit, type Document } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { MAX_NESTING, yamlNestingDepth } from '../safety/nesting.ts';
import type { SourceFile } from './scan.ts';
import { readFrontMatterYaml, type FrontMatterYaml } from './front-matter-yaml.ts';
import { FRONT_MATTER_BOUNDS, sizePassed, type BoundPassed } from './front-matter-bounds.ts';
import { yamlProblems } from './yaml-errors.ts';
import { diagnose, say, severityOf, phrase } from '../diagnostics/catalogue/index.ts';

/** A content file split into front matter and body, with what is needed to locate fields. */
export interface SplitFile {
  source: SourceFile;
  data: Record<string, unknown>;
  body: string;
  /** 1-based line of the first body line in the file. */
  bodyLine: number;
  /** The front matter as a YAML document, for finding where a field is written. */
  document: Document | undefined;
  lineCounter: LineCounter;
  /** Add this to a line of the YAML text to get the line in the file. */
  lineOffset: number;
  /** Where a field is written, for an entry of a data file, which has no front matter (see `data-parse.ts`). */
  locate?: (fieldPath: readonly PropertyKey[]) => { line: number; column: number };
  /** The path its URL is made from when it is not the file's (an entry of a list or CSV file: `team/alice`). */
  pagePath?: string;
}

/**
 * Splits a file with gray-matter, parsing the YAML with the `yaml` package (YAML 1.2 core schema:
 * dates stay strings, so a bad date is reported instead of silently rolled over).
 */
export function parseSource(
  source: SourceFile,
  options: { frontMatter?: 'required' | 'optional' } = {},
): { parsed?: SplitFile; diagnostics: Diagnostic[] } {
  const text = source.text.replace(/^\uFEFF/, '');
  if (!/^---\r?\n/.test(text) && options.frontMatter === 'optional') {
    // Plain Markdown, for a collection that allows it: no fields but the computed ones.
    const parsed = { source, data: {}, body: text, bodyLine: 1, document: undefined, lineCounter: new LineCounter(), lineOffset: 1 };
    return { parsed, diagnostics: [] };
  }
  if (!/^---\r?\n/.test(text)) return { diagnostics: [missingFrontMatter(source.file, text)] };
  const front = readFrontMatter(text);
  const problems = frontMatterProblems(source.file, front);
  if (problems) return { diagnostics: problems };
  const consumed = text.length - front.content.length;
  const parsed: SplitFile = {
    source,
    data: front.data as Record<string, unknown>,
    body: front.content,
    bodyLine: text.slice(0, consumed).split('\n').length,
    // Made when first asked for: front matter read the quick way has none until a field is located.
    get document() {
      return front.yaml?.document;
    },
    lineCounter: front.lineCounter,
    lineOffset: front.lineOffset,
  };
  return { parsed, diagnostics: [] };
}

/** The first line of a file that should open with front matter and does not. */
function missingFrontMatter(file: string, text: string): Diagnostic {
  return {
    ...diagnose('missing-front-matter'),
    file,
    line: 1,
    column: 1,
    expected: phrase('front-matter-fences'),
    actual: JSON.stringify(text.split('\n', 1)[0] ?? ''),
  };
}

/** A file's front matter as gray-matter split it, with its YAML read unless a bound or its depth refused it. */
interface FrontMatter {
  data: unknown;
  /** The body: what follows the closing `---`. */
  content: string;
  yaml: FrontMatterYaml | undefined;
  yamlText: string;
  lineCounter: LineCounter;
  /** Add this to a line of the YAML text to get the line in the file. */
  lineOffset: number;
  tooLarge: BoundPassed | undefined;
  tooDeep: boolean;
}

/** Splits `text` (which opens with `---`) into its front matter and body, reading the YAML within the bounds. */
function readFrontMatter(text: string): FrontMatter {
  const lineCounter = new LineCounter();
  let yaml: FrontMatterYaml | undefined;
  let tooDeep = false;
  let tooLarge: BoundPassed | undefined;
  let yamlText = '';
  // gray-matter may or may not keep the newline after the opening `---`; count what it hands over.
  let lineOffset = 1;
  // gray-matter caches results by content when called without options; passing engines disables that.
  const result = matter(text, {
    engines: {
      yaml: (written: string) => {
        yamlText = written;
        lineOffset = yamlText.startsWith('\n') || yamlText.startsWith('\r\n') ? 0 : 1;
        // Refused unread: no parser sees more than the bound (see front-matter-bounds.ts).
        if ((tooLarge = sizePassed(yamlText))) return {};
        // The yaml package recurses per level and reports a stack overflow at whatever column it reached: not the same twice.
        if ((tooDeep = yamlNestingDepth(yamlText) > MAX_NESTING)) return {};
        yaml = readFrontMatterYaml(yamlText, lineCounter);
        return yaml.data ?? {};
      },
    },
  });
  return { data: result.data, content: result.content, yaml, yamlText, lineCounter, lineOffset, tooLarge, tooDeep };
}

/** Why the front matter cannot be used, if it cannot: a bound passed, or `yaml-syntax` errors. */
function frontMatterProblems(file: string, front: FrontMatter): Diagnostic[] | undefined {
  const { yaml, lineCounter, lineOffset } = front;
  /** The front matter's YAML cannot be used: one or more `yaml-syntax` errors in this file. */
  const yamlErrors = (...found: Array<Omit<Diagnostic, 'code' | 'severity' | 'file'>>) =>
    found.map((d): Diagnostic => ({ code: 'yaml-syntax', severity: severityOf('yaml-syntax'), file, ...d }));
  const passed = front.tooLarge ?? yaml?.passed;
  if (passed) return [boundDiagnostic(file, passed, front.yamlText, lineOffset)];
  if (front.tooDeep) {
    return yamlErrors({
      line: 1,
      column: 1,
      ...say('yaml-syntax', { kind: 'deep', levels: MAX_NESTING }),
    });
  }
  if (yaml?.conversionError) {
    const { conversionError } = yaml;
    let alias: [number, number, number] | undefined;
    visit(yaml.document, { Alias: (_, node) => void (alias ??= node.range ?? undefined) });
    const pos = lineCounter.linePos(alias?.[0] ?? 0);
    return yamlErrors({
      line: alias ? pos.line + lineOffset : 1,
      column: alias ? pos.col : 1,
      ...say('yaml-syntax', { kind: 'alias', reason: firstLine(conversionError.message) }),
    });
  }
  const errors = yaml?.errors ?? [];
  if (errors.length > 0) return yamlErrors(...yamlProblems(errors, lineCounter, lineOffset));
  const data = front.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return yamlErrors({ line: 1, ...say('yaml-syntax', { kind: 'not-fields' }), actual: Array.isArray(data) ? 'a list' : typeof data });
  }
  return undefined;
}

/** A bound of the front matter passed, at the line and column where it is (an offset of the YAML text, found by one scan). */
function boundDiagnostic(file: string, passed: BoundPassed, yamlText: string, lineOffset: number): Diagnostic {
  const before = yamlText.slice(0, passed.offset);
  const line = (before.match(/\n/g)?.length ?? 0) + 1 + lineOffset;
  const limit = FRONT_MATTER_BOUNDS[passed.bound];
  return {
    ...diagnose('front-matter-too-large', { bound: passed.bound }),
    file,
    line,
    column: passed.offset - before.lastIndexOf('\n'),
    expected:
      passed.bound === 'bytes'
        ? phrase('front-matter-kib', { kib: limit / 1024 })
        : phrase('front-matter-bound', { limit: limit.toLocaleString('en-US'), bound: passed.bound }),
    actual:
      passed.bound === 'bytes' ? `${(passed.found / 1024).toFixed(1)} KiB` : `${passed.found.toLocaleString('en-US')} ${passed.bound}`,
  };
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? message;
}
