import { describe, expect, it } from 'vitest';
import { CONTINUE, EXIT, SKIP, visitParents } from 'unist-util-visit-parents';

// unist-util-visit-parents is patched (patches/): one recursive function instead of a closure per
// node, and results compared with EXIT only when a visitor returned one. The walk must do what
// the package documents, result by result.
type Node = { type: string; children?: Node[] };
const tree: Node = { type: 'root', children: [{ type: 'a', children: [{ type: 'a1' }, { type: 'a2' }] }, { type: 'b' }, { type: 'c', children: [{ type: 'c1' }] }] };

function walk(visitor: (node: Node, parents: Node[]) => unknown, reverse = false): string[] {
  const seen: string[] = [];
  visitParents(
    tree as never,
    (node: Node, parents: Node[]) => {
      seen.push(`${node.type}@${parents.length}`);
      return visitor(node, parents) as never;
    },
    reverse,
  );
  return seen;
}

describe('the patched visitParents', () => {
  it('walks in preorder with each node’s ancestors, and in reverse', () => {
    expect(walk(() => undefined)).toEqual(['root@0', 'a@1', 'a1@2', 'a2@2', 'b@1', 'c@1', 'c1@2']);
    expect(walk(() => CONTINUE, true)).toEqual(['root@0', 'c@1', 'c1@2', 'b@1', 'a@1', 'a2@2', 'a1@2']);
  });

  it('skips a node’s children on SKIP, stops on EXIT (also from a child), and goes on at a returned index', () => {
    expect(walk((node) => (node.type === 'a' ? SKIP : undefined))).toEqual(['root@0', 'a@1', 'b@1', 'c@1', 'c1@2']);
    expect(walk((node) => (node.type === 'a2' ? EXIT : undefined))).toEqual(['root@0', 'a@1', 'a1@2', 'a2@2']);
    expect(walk((node) => (node.type === 'a' ? [EXIT] : undefined))).toEqual(['root@0', 'a@1']);
    expect(walk((node) => (node.type === 'a' ? 2 : undefined))).toEqual(['root@0', 'a@1', 'a1@2', 'a2@2', 'c@1', 'c1@2']);
    expect(walk((node) => (node.type === 'a' ? [SKIP, 2] : undefined))).toEqual(['root@0', 'a@1', 'c@1', 'c1@2']);
  });
});
