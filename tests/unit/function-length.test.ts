import fs from 'node:fs';
import path from 'node:path';
import { SyntaxKind, type Node, type SourceFile } from 'typescript/unstable/ast';
import { isCallExpression, isFunctionLikeDeclaration, isPropertyAccessExpression } from 'typescript/unstable/ast/is';
import { API } from 'typescript/unstable/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The most lines a function of `src/` may span, from its first line to its last. */
const MAX_LINES = 80;

/**
 * Functions allowed to be longer for now, by `file name` (as `longFunctionsOf` names them), each with
 * the reason. An entry that is no longer long fails the test, so the list only ever shrinks.
 */
const ALLOWED: Readonly<Record<string, string>> = {};

interface LongFunction {
  /** `file name`, the file relative to the repository. */
  key: string;
  line: number;
  lines: number;
}

/** What a function is called: its own name, the name it is assigned to, or the call it is passed to. */
function nameOf(node: Node): string {
  const own = (node as { name?: { text?: string } }).name?.text;
  if (own) return own;
  const parent = node.parent as Node & { name?: { text?: string } };
  if (parent.kind === SyntaxKind.VariableDeclaration || parent.kind === SyntaxKind.PropertyAssignment)
    return parent.name?.text ?? '(anonymous)';
  if (isCallExpression(parent)) {
    const callee = parent.expression;
    const called = isPropertyAccessExpression(callee) ? callee.name.text : (callee as { text?: string }).text;
    return `${called ?? '(call)'} callback`;
  }
  return '(anonymous)';
}

/** Every function of one file (declarations, expressions, arrows, methods, accessors) over `max` lines. */
function longFunctionsOf(file: SourceFile, relative: string, max: number): LongFunction[] {
  const found: LongFunction[] = [];
  const visit = (node: Node): void => {
    if (isFunctionLikeDeclaration(node) && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ key: `${relative} ${nameOf(node)}`, line: first + 1, lines });
    }
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
  return found;
}

/** The TypeScript files of `src/`, relative to the repository, declaration files left out. */
function sourceFiles(): string[] {
  return fs
    .readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join('src', file).split(path.sep).join('/'));
}

describe('the functions of src/', () => {
  // TypeScript 7 parses in its native process; the project's tsconfig holds every file of src/.
  let api: API;
  const parsed = new Map<string, SourceFile>();

  beforeAll(() => {
    api = new API({ cwd: process.cwd() });
    const project = api.updateSnapshot({ openProject: path.resolve('tsconfig.json') }).getProjects()[0]!;
    for (const relative of sourceFiles()) {
      const file = project.program.getSourceFile(path.resolve(relative));
      if (file) parsed.set(relative, file);
    }
  });
  afterAll(() => api?.close());

  it('are all parsed', () => {
    expect(sourceFiles().filter((relative) => !parsed.has(relative))).toEqual([]);
    expect(parsed.size).toBeGreaterThan(200);
  });

  it(`span at most ${MAX_LINES} lines each, but for the allowed ones`, () => {
    const long = [...parsed].flatMap(([relative, file]) => longFunctionsOf(file, relative, MAX_LINES));
    const described = (fn: LongFunction) => `${fn.key.replace(' ', `:${fn.line} `)} (${fn.lines} lines)`;
    expect(long.filter((fn) => !(fn.key in ALLOWED)).map(described)).toEqual([]);
    // An allowed function split since goes from the list, so the list never hides a new long one.
    expect(Object.keys(ALLOWED).filter((key) => !long.some((fn) => fn.key === key))).toEqual([]);
  });

  it('counts a function from the line that starts it to the line that ends it, under its name', () => {
    const relative = 'src/content/parse-file.ts';
    const lines = fs.readFileSync(relative, 'utf8').split('\n');
    const first = lines.findIndex((line) => line.startsWith('export function parseFile(')) + 1;
    const last = lines.findIndex((line, index) => index >= first && line === '}') + 1;
    // With no lines allowed, every function of the file is listed.
    const all = longFunctionsOf(parsed.get(relative)!, relative, 0);
    expect(all).toContainEqual({ key: `${relative} parseFile`, line: first, lines: last - first + 1 });
    expect(all.some((fn) => fn.key === `${relative} find callback`)).toBe(true);
  });
});
