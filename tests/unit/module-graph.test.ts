import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('src');

/** Every module of the engine with the engine modules it imports (type-only imports too). */
function engineGraph(): Map<string, string[]> {
  const files = fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mts|mjs)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(SRC, file));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g)].map((match) => path.resolve(path.dirname(file), match[1]!));
    graph.set(file, specifiers);
  }
  return graph;
}

/** The strongly connected groups of more than one module: each is an import cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    index.set(module, next);
    low.set(module, next++);
    stack.push(module);
    onStack.add(module);
    for (const imported of graph.get(module) ?? []) {
      if (!graph.has(imported)) continue;
      if (!index.has(imported)) {
        visit(imported);
        low.set(module, Math.min(low.get(module)!, low.get(imported)!));
      } else if (onStack.has(imported)) low.set(module, Math.min(low.get(module)!, index.get(imported)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === module) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

describe('the engine’s modules', () => {
  const graph = engineGraph();

  it('import one another without cycles, types included', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph).map((group) => group.map((file) => path.relative(SRC, file)))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    expect(cycles(new Map([['/a', ['/b']], ['/b', ['/c']], ['/c', ['/a']], ['/d', ['/a']]]))).toEqual([['/a', '/b', '/c']]);
  });

  it('never import the site in this repository (templates/, content/, site.config.ts)', () => {
    const outside = [...graph].flatMap(([file, imports]) => imports.filter((imported) => !imported.startsWith(SRC + path.sep)).map((imported) => `${path.relative(SRC, file)} → ${path.relative(SRC, imported)}`));
    expect(outside.filter((line) => !line.endsWith('package.json'))).toEqual([]);
  });
});
