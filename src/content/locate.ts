import { isMap, isNode, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { ParsedFile } from './parse.ts';

/** A 1-based position in a content file. */
export interface Location {
  line: number;
  column: number;
}

/**
 * Finds where a front-matter field is written. A missing field points at its nearest written
 * parent; a missing top-level field points at the opening `---`.
 */
export function locateField(parsed: ParsedFile, fieldPath: readonly PropertyKey[], key?: string): Location {
  const opening = { line: 1, column: 1 };
  let node: unknown = parsed.document?.contents;
  let found: Location = opening;
  for (const segment of key === undefined ? fieldPath : [...fieldPath, key]) {
    const child = childOf(node, segment);
    if (!child) break;
    found = (child.keyNode && positionOf(parsed, child.keyNode)) || found;
    node = child.node;
    if (!node) break;
  }
  return found;
}

function childOf(node: unknown, segment: PropertyKey): { node: unknown; keyNode?: Node } | undefined {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (isPair(pair) && isScalar(pair.key) && String(pair.key.value) === String(segment)) {
        // Point at the value when it exists, at the key when the value is empty.
        return { node: pair.value, keyNode: isNode(pair.value) ? (pair.value as Node) : (pair.key as Node) };
      }
    }
    return undefined;
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return isNode(item) ? { node: item, keyNode: item } : undefined;
  }
  return undefined;
}

function positionOf(parsed: ParsedFile, node: Node): Location | undefined {
  if (!node.range) return undefined;
  const pos = parsed.lineCounter.linePos(node.range[0]);
  return { line: pos.line + parsed.lineOffset, column: pos.col };
}
