import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { CONTINUE, EXIT, SKIP, visitParents } from 'unist-util-visit-parents';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settings } from '../property/workspace.ts';
import { siteAndCorpusBodies } from '../helpers/markdown-bodies.ts';
import { importUnpatched } from '../../scripts/bench/unpatched.ts';

// unist-util-visit-parents is patched (patches/): one recursive function instead of a closure per
// node renamed after it, and results compared with EXIT only when a visitor returned one.
const PATCH = 'patches/unist-util-visit-parents+6.1.0.patch';
const MODULE = 'node_modules/unist-util-visit-parents/lib/index.js';
const unpatched = await importUnpatched<{ visitParents: typeof visitParents }>(PATCH, MODULE);
/** The file `importUnpatched` wrote the package's own walk to. */
const UNPATCHED = path.resolve(MODULE.replace(/\.js$/, '.unpatched.js'));

/** A node of a generated tree, carrying what the visitors return on entering and leaving it. */
interface Node {
  type: string;
  id: number;
  enter?: Action;
  exit?: Action;
  children?: Node[];
}
/** A visitor's result; `{ jump }` is the index `jump` children on from the node's own, in the walk's direction. */
type Action = undefined | null | boolean | 'skip' | unknown[] | { jump: number };

const action: fc.Arbitrary<Action> = fc.constantFrom<Action>(undefined, undefined, undefined, null, CONTINUE, SKIP, EXIT, [], [SKIP], [EXIT], [CONTINUE], { jump: 1 }, { jump: 2 }, { jump: 5 });
const tree: fc.Arbitrary<Node> = fc
  .letrec<{ node: Node }>((tie) => ({
    node: fc.record(
      { type: fc.constantFrom('a', 'b', 'c'), id: fc.constant(0), enter: action, exit: action, children: fc.oneof({ depthSize: 'small' }, fc.constant<Node[]>([]), fc.array(tie('node'), { maxLength: 4 })) },
      { requiredKeys: ['type', 'id'] },
    ),
  }))
  .node.map((root) => {
    let next = 0;
    const number = (node: Node) => {
      node.id = next++;
      node.children?.forEach(number);
    };
    number(root);
    return root;
  });
const check = fc.constantFrom<unknown>(undefined, null, 'a', ['a', 'b'], { type: 'c' }, (node: Node) => node.id % 2 === 0);

const markdownTree = (body: string) => unified().use(remarkParse).parse(body);

/** What a walk did: each visit in order, and the error it ended with, if any. */
function walk(visit: typeof visitParents, root: Node, test: unknown, reverse: boolean, withExit: boolean): string[] {
  const seen: string[] = [];
  const result = (node: Node, parents: Node[], which: 'enter' | 'exit') => {
    seen.push(`${which} ${node.type}${node.id} under ${parents.map((parent) => parent.id).join('.')}`);
    const value = node[which];
    if (value && typeof value === 'object' && 'jump' in value) {
      const index = parents.at(-1)?.children?.indexOf(node) ?? 0;
      return index + (reverse ? -value.jump : value.jump);
    }
    return value;
  };
  const visitors = { enter: (node: Node, parents: Node[]) => result(node, parents, 'enter'), exit: withExit ? (node: Node, parents: Node[]) => result(node, parents, 'exit') : undefined };
  try {
    (visit as (...args: unknown[]) => void)(root, test, visitors, reverse);
  } catch (error) {
    seen.push(`threw ${(error as Error).message}`);
  }
  return seen;
}

describe('the patched visitParents', () => {
  it('walks generated trees as the package does, whatever the visitors return', () => {
    fc.assert(
      fc.property(tree, check, fc.boolean(), fc.boolean(), (root, test, reverse, withExit) => {
        expect(walk(visitParents, root, test, reverse, withExit)).toEqual(walk(unpatched.visitParents, root, test, reverse, withExit));
      }),
      settings(3000),
    );
  });

  it('walks the Markdown trees of the site and the bench corpus as the package does', () => {
    for (const body of siteAndCorpusBodies()) {
      const root = markdownTree(body);
      const visits = (visit: typeof visitParents) => {
        const seen: string[] = [];
        visit(root, (node, parents) => void seen.push(`${node.type} ${node.position?.start.offset} ${parents.length}`));
        return seen;
      };
      expect(visits(visitParents)).toEqual(visits(unpatched.visitParents));
    }
  });

  describe('does less than the package', () => {
    afterEach(() => void vi.restoreAllMocks());

    /** How many times a walk over every node of a tree renames a function. */
    function renames(visit: typeof visitParents, root: ReturnType<typeof markdownTree>): number {
      const defineProperty = vi.spyOn(Object, 'defineProperty');
      visit(root, () => undefined);
      const count = defineProperty.mock.calls.filter(([target, key]) => typeof target === 'function' && key === 'name').length;
      defineProperty.mockRestore();
      return count;
    }

    /**
     * How many times a walk whose visitor returns nothing reads the first item of the result it
     * makes of that (one empty array, shared): through an accessor on Array.prototype, in a
     * process of its own, since the accessor slows every array after it.
     */
    function resultReads(module: string): number {
      const script = `
        const { visitParents } = await import(${JSON.stringify(module)});
        const tree = { type: 'root', children: Array.from({ length: 20 }, () => ({ type: 'leaf' })) };
        let reads = 0;
        Object.defineProperty(Array.prototype, '0', { get() { reads++; return undefined; }, configurable: true });
        visitParents(tree, () => undefined);
        delete Array.prototype[0];
        console.log(reads);`;
      return Number(execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' }).trim());
    }

    it('compares a visitor’s result with EXIT or SKIP only when the visitor returned one', () => {
      // The package compares each node's empty result, which kept V8 optimizing and deoptimizing the walk on a busy thread.
      expect(resultReads(pathToFileURL(UNPATCHED).href)).toBeGreaterThan(20);
      expect(resultReads(import.meta.resolve('unist-util-visit-parents'))).toBe(0);
    });

    it('names no closure after each node it visits', () => {
      const root = markdownTree(siteAndCorpusBodies(1).at(-1)!);
      // The package names one per node: the observation sees it.
      expect(renames(unpatched.visitParents, root)).toBeGreaterThan(10);
      expect(renames(visitParents, root)).toBe(0);
    });
  });
});
