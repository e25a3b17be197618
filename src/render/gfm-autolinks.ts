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
interface FromMarkdownExtension {
  enter?: Record<string, unknown>;
}

/**
 * Remark plugin, used after remark-gfm: drops the autolink literal constructs `need` says the
 * body cannot use (and, for `none`, the pass that finds them in text). The result is the same
 * tree, made with less work; `tests/property/gfm-autolinks.test.ts` checks that on generated bodies.
 */
export function remarkAutolinksFor(this: Processor, need: AutolinkNeed) {
  const { constructs, transform } = LEFT_OUT[need];
  const data = this.data() as { micromarkExtensions?: Array<Record<string, unknown>>; fromMarkdownExtensions?: unknown[] };
  const keep = (construct: Construct) => !constructs.has(construct.name ?? '');
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map((extension) => {
    const text = extension.text as ConstructMap | undefined;
    if (!text || constructs.size === 0) return extension;
    const filtered: ConstructMap = {};
    for (const [code, entry] of Object.entries(text)) {
      const list = (Array.isArray(entry) ? entry : entry ? [entry] : []).filter(keep);
      if (list.length > 0) filtered[code] = list;
    }
    return { ...extension, text: filtered };
  });
  if (transform) {
    const isAutolinkLiteral = (extension: unknown) => (extension as FromMarkdownExtension).enter?.literalAutolink !== undefined;
    const without = (list: unknown[]): unknown[] => list.filter((item) => !isAutolinkLiteral(item)).map((item) => (Array.isArray(item) ? without(item) : item));
    data.fromMarkdownExtensions = without(data.fromMarkdownExtensions ?? []);
  }
}
