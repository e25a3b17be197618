import { parseDocument, type Document, type LineCounter, type YAMLError } from 'yaml';
import { fastPath } from '../core/fast-paths.ts';
import { countPassed, keysOverBound, mergeByPosition, repeatedKeys, type BoundPassed } from './front-matter-bounds.ts';

/** A front matter's YAML, read: its data or what is wrong with it, and the document that locates its fields. */
export interface FrontMatterYaml {
  /** What the YAML holds; undefined when it has errors. */
  data: unknown;
  /** Syntax errors, located. */
  errors: readonly YAMLError[];
  /** Thrown turning the document into data: an alias naming no anchor, or aliases expanding past the `yaml` package's limit. */
  conversionError?: Error;
  /** A bound of `FRONT_MATTER_BOUNDS` on keys or aliases that the YAML passes: it is not turned into data. */
  passed?: BoundPassed;
  /** The YAML as a `yaml` document, for pointing at a field; it also fills the line counter. */
  readonly document: Document;
}

/**
 * Front matter's data read a quick way, or undefined where the `yaml` package must read it: it
 * answers only where its answer is the package's. The runner's is js-yaml's event parser
 * (`runner/fast-paths/front-matter-yaml.ts`).
 */
export type QuickFrontMatter = (text: string) => unknown;

/** The quick way, when the fast paths are on (see `core/fast-paths.ts`). */
export const quickFrontMatterPath = fastPath<QuickFrontMatter>();

/**
 * Reads front matter's YAML with the `yaml` package (YAML 1.2 core schema, located errors, the
 * document kept for pointing at a field), taking the quick way (`quickFrontMatterPath`) where it
 * answers: the document is then made only if a field has to be located. The quick way saves
 * about 175 µs a front matter, 85% of the read: about 0.2 s of a 1,000-page build
 * (`scripts/bench/fast-paths.ts`).
 */
export function readFrontMatterYaml(text: string, lineCounter: LineCounter): FrontMatterYaml {
  const quick = quickFrontMatterPath.get();
  const data = quick ? quick(text) : undefined;
  // Past the bound on keys, the careful way finds the key that passes it.
  if (data === undefined || keysOverBound(data)) return readWithYamlPackage(text, lineCounter);
  let document: Document | undefined;
  return {
    data,
    errors: [],
    get document() {
      return (document ??= parseYaml(text, lineCounter));
    },
  };
}

/** `readFrontMatterYaml` without the quick way: what it must always answer. */
export function readWithYamlPackage(text: string, lineCounter: LineCounter): FrontMatterYaml {
  const document = parseYaml(text, lineCounter);
  if (document.errors.length > 0) return { data: undefined, errors: document.errors, document };
  // Counted before the data is made: resolving many aliases is what takes quadratic time.
  const passed = countPassed(document);
  if (passed) return { data: undefined, errors: [], passed, document };
  try {
    return { data: document.toJS(), errors: [], document };
  } catch (error) {
    return { data: undefined, errors: [], conversionError: error instanceof Error ? error : new Error(String(error)), document };
  }
}

/** The YAML as a document, with every key written twice in a mapping reported (see `repeatedKeys`: the package's own check is quadratic). */
function parseYaml(text: string, lineCounter: LineCounter): Document {
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const repeated = repeatedKeys(document);
  if (repeated.length > 0) document.errors = mergeByPosition(document.errors, repeated);
  return document;
}
