import type { Processor } from 'unified';

/**
 * Which of GFM's autolink literals a Markdown body could hold: `email` (anything), `urls` (no
 * e-mail address), or `none`. GFM tries an e-mail address at the start of every word, and that
 * is a third of the time micromark spends on a typical page; a body without an `@` cannot hold
 * one, nor a body without `www.` or `http(s)://` a web address. Character references are
 * decoded before the autolink pass looks at text (`&#64;` is an `@`), so a body with one is
 * taken to hold anything.
 */
export type AutolinkNeed = 'email' | 'urls' | 'none';

export function autolinkNeed(markdown: string): AutolinkNeed {
  if (markdown.includes('@') || /&[#a-z]/i.test(markdown)) return 'email';
  return /www\.|https?:\/\//i.test(markdown) ? 'urls' : 'none';
}

/** The micromark constructs and the mdast step each level leaves out. */
const LEFT_OUT: Record<AutolinkNeed, { constructs: ReadonlySet<string>; transform: boolean }> = {
  email: { constructs: new Set(), transform: false },
  urls: { constructs: new Set(['emailAutolink']), transform: false },
  none: { constructs: new Set(['emailAutolink', 'wwwAutolink', 'protocolAutolink']), transform: true },
};

interface Construct {
  name?: string;
}
type ConstructMap = Record<string, Construct | Construct[] | undefined>;
type SyntaxExtension = Record<string, unknown>;
interface FromMarkdownExtension {
  enter?: Record<string, unknown>;
}
/** What remark-parse reads from the processor's data at each parse. */
interface ParseData {
  micromarkExtensions?: SyntaxExtension[];
  fromMarkdownExtensions?: unknown[];
}

/**
 * Remark plugin, used after remark-gfm: each body is parsed without the autolink literal
 * constructs `autolinkNeed` says it cannot hold (and, for `none`, without the pass that finds
 * them in text). The tree is the same, made with less work; `tests/property/gfm-autolinks.test.ts`
 * holds it to full GFM. Saves 1.0 to 1.4 ms a body, 44% of its parse: about 1.2 s of a 1,000-page
 * build (`scripts/bench/fast-paths.ts`).
 */
export function remarkAutolinksWhereNeeded(this: Processor) {
  const data = this.data() as ParseData;
  const parse = this.parser!;
  // Each level's lists, derived at the first parse (when every plugin has added its extensions)
  // and kept, so no parse derives them again.
  let derived = { from: undefined as SyntaxExtension[] | undefined, lists: deriveLists({}) };
  this.parser = (document, file) => {
    const all: ParseData = { micromarkExtensions: data.micromarkExtensions, fromMarkdownExtensions: data.fromMarkdownExtensions };
    if (derived.from !== all.micromarkExtensions) derived = { from: all.micromarkExtensions, lists: deriveLists(all) };
    const lists = derived.lists[autolinkNeed(String(document))];
    // remark-parse reads the lists from the data on every parse, and a parse is synchronous.
    data.micromarkExtensions = lists.micromarkExtensions;
    data.fromMarkdownExtensions = lists.fromMarkdownExtensions;
    try {
      return parse(document, file);
    } finally {
      data.micromarkExtensions = all.micromarkExtensions;
      data.fromMarkdownExtensions = all.fromMarkdownExtensions;
    }
  };
}

function deriveLists(all: ParseData): Record<AutolinkNeed, Required<ParseData>> {
  const level = (need: AutolinkNeed): Required<ParseData> => {
    const { constructs, transform } = LEFT_OUT[need];
    const keep = (construct: Construct) => !constructs.has(construct.name ?? '');
    const micromarkExtensions = (all.micromarkExtensions ?? []).map((extension) => {
      const text = extension.text as ConstructMap | undefined;
      if (!text || constructs.size === 0) return extension;
      const filtered: ConstructMap = {};
      for (const [code, entry] of Object.entries(text)) {
        const list = (Array.isArray(entry) ? entry : entry ? [entry] : []).filter(keep);
        if (list.length > 0) filtered[code] = list;
      }
      return { ...extension, text: filtered };
    });
    const isAutolinkLiteral = (extension: unknown) => (extension as FromMarkdownExtension).enter?.literalAutolink !== undefined;
    const without = (list: unknown[]): unknown[] =>
      list.filter((item) => !isAutolinkLiteral(item)).map((item) => (Array.isArray(item) ? without(item) : item));
    const fromMarkdownExtensions = all.fromMarkdownExtensions ?? [];
    return { micromarkExtensions, fromMarkdownExtensions: transform ? without(fromMarkdownExtensions) : fromMarkdownExtensions };
  };
  return { email: level('email'), urls: level('urls'), none: level('none') };
}
