import { scanPage, type ScannedPage } from './page-scan.ts';
import { findInlineCode, hashOf, type InlineCode } from '../security/inline-code.ts';

/**
 * What the stages after rendering need to know of a page: its ids and links (the link check)
 * and its inline code (the `_headers` file). Found where the page is rendered, in parallel when
 * that is a worker, and kept with the page in the build cache, so a page carried over from the
 * last build is never read or scanned again.
 */
export interface PageAnalysis {
  links: ScannedPage;
  inline: InlineCode;
}

/**
 * Analyses one rendered page. The scan for links also tells whether the page may hold inline code;
 * only then is it parsed in full for it (see `tests/property/inline-code.test.ts`).
 */
export function analysePage(path: string, html: string): PageAnalysis {
  const links = scanPage(html);
  if (links.mayHoldInlineCode) return { links, inline: findInlineCode([{ path, contents: html }]) };
  return {
    links,
    inline: {
      scripts: [...new Set(links.scripts.map(codeHash))].sort(),
      styles: [...new Set(links.styles.map(codeHash))].sort(),
      blocked: [],
    },
  };
}

/**
 * Hashes of the engine's inline stylesheets and bootstrap: every page holds the same few, so each
 * is hashed once. Kept in a short list compared by value, not a Map: a Map lookup hashes the whole
 * stylesheet text of every page again, which at 14 KB cost more than comparing it.
 */
const codeHashes: Array<{ text: string; hash: string }> = [];

function codeHash(text: string): string {
  const known = codeHashes.find((entry) => entry.text === text);
  if (known) return known.hash;
  if (codeHashes.length >= 16) codeHashes.shift();
  const hash = hashOf(text);
  codeHashes.push({ text, hash });
  return hash;
}

/**
 * Analyses as plain data with their strings numbered: most pages link to the same menus and
 * footer, so a table of distinct strings plus numbers per page is a fraction of the size.
 */
export interface StoredAnalysis {
  ids: number[];
  /** Pairs: where, url. */
  links: number[];
  scripts: number[];
  styles: number[];
  blocked: InlineCode['blocked'];
}

export function storeAnalysis(analysis: PageAnalysis, number: (text: string) => number): StoredAnalysis {
  return {
    ids: [...analysis.links.ids].map(number),
    links: analysis.links.links.flatMap((link) => [number(link.where), number(link.url)]),
    scripts: analysis.inline.scripts.map(number),
    styles: analysis.inline.styles.map(number),
    blocked: analysis.inline.blocked,
  };
}

/** An analysis as stored, each part turned back into objects when first asked for (links are most of the work). */
export function loadAnalysis(stored: StoredAnalysis, text: (n: number) => string): PageAnalysis {
  let links: ScannedPage | undefined;
  let inline: InlineCode | undefined;
  return {
    get links() {
      if (!links) {
        const list: ScannedPage['links'] = [];
        for (let i = 0; i < stored.links.length; i += 2) list.push({ where: text(stored.links[i]!), url: text(stored.links[i + 1]!) });
        links = { ids: new Set(stored.ids.map(text)), links: list };
      }
      return links;
    },
    get inline() {
      return (inline ??= { scripts: stored.scripts.map(text), styles: stored.styles.map(text), blocked: stored.blocked });
    },
  };
}
