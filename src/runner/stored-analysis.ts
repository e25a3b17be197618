import { loadAnalysis, type PageAnalysis, type StoredAnalysis } from '../render/analysis.ts';

/**
 * A rendered page's analysis kept in its stored form (numbers into a string table), its links
 * turned into objects each time a stage asks and then let go. `loadAnalysis` keeps them once
 * asked for, and the stages after rendering ask for every page's: at 40 locales × 1,000 pages
 * (`npm run bench:multilingual`), each page naming its 40 translations twice, that kept 3.2
 * million link objects, about 300 MB, until the build ended. The inline code is a few hashes: it is kept.
 */
export function storedAnalysis(stored: StoredAnalysis, text: (n: number) => string): PageAnalysis {
  let inline: PageAnalysis['inline'] | undefined;
  return {
    get links() {
      return loadAnalysis(stored, text).links;
    },
    get inline() {
      return (inline ??= loadAnalysis(stored, text).inline);
    },
  };
}
