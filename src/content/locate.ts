import { isMap, isNode, isPair, isScalar, isSeq, type LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';
import type { SplitFile } from './parse.ts';

/** A 1-based position in a content file. */
export interface Location {
  line: number;
  column: number;
}

/**
 * Finds where a front-matter field is written. A missing field points at its nearest written
 * parent; a missing top-level field points at the opening `---`.
 */
export function locateField(parsed: SplitFile, fieldPath: readonly PropertyKey[], key?: string): Location {
  const full = key === undefined ? fieldPath : [...fieldPath, key];
  // A data file's entry knows where its fields are written (see `data-parse.ts`).
  if (parsed.locate) return parsed.locate(full);
  return locateIn(parsed.document?.contents, parsed.lineCounter, parsed.lineOffset, full);
}

/**
 * Where a field is written in a YAML node (a document's contents, or an item of a list), the
 * nearest written parent when it is missing. `lineOffset` turns a line of the YAML into a line of the file.
 */
export function locateIn(root: unknown, lineCounter: LineCounter, lineOffset: number, fieldPath: readonly PropertyKey[]): Location {
  let node: unknown = root;
  let found: Location = { line: 1, column: 1 };
  for (const segment of fieldPath) {
    const child = childOf(node, segment);
    if (!child) break;
    found = (child.keyNode && positionOf(lineCounter, lineOffset, child.keyNode)) || found;
    node = child.node;
    if (!node) break;
  }
  return found;
}

function childOf(node: unknown, segment: PropertyKey): { node: unknown; keyNode?: Node } | undefined {
  if (isMap(node)) {
    const pair = pairsOf(node).get(String(segment));
    // Point at the value when it exists, at the key when the value is empty.
    return pair && { node: pair.value, keyNode: isNode(pair.value) ? (pair.value as Node) : (pair.key as Node) };
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return isNode(item) ? { node: item, keyNode: item } : undefined;
  }
  return undefined;
}

/** Each mapping's pairs by key (the first of a name), made on its first lookup. */
const pairsByKey = new WeakMap<YAMLMap, Map<string, Pair>>();

/**
 * A mapping's pairs by key: a file with an issue at each of its many keys would otherwise scan
 * the mapping once per issue, in time that grows with the square of the keys (issue 39).
 */
function pairsOf(map: YAMLMap): Map<string, Pair> {
  let pairs = pairsByKey.get(map);
  if (!pairs) {
    pairs = new Map();
    for (const pair of map.items) {
      const key = isPair(pair) && isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key !== undefined && !pairs.has(key)) pairs.set(key, pair as Pair);
    }
    pairsByKey.set(map, pairs);
  }
  return pairs;
}

function positionOf(lineCounter: LineCounter, lineOffset: number, node: Node): Location | undefined {
  if (!node.range) return undefined;
  const pos = lineCounter.linePos(node.range[0]);
  return { line: pos.line + lineOffset, column: pos.col };
}
