import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/content/catalogue.ts';
import type { Entry } from '../../src/content/entry.ts';
import { caseStudiesTagged, relatedCaseStudies, relatedWork } from '../../templates/lib/related.ts';
import type { CaseStudy } from '../../templates/schemas.ts';
import { makeEntry } from '../helpers/entries.ts';

const TAGS = ['aws', 'azure', 'gcp', 'java', 'python', 'retail', 'public', 'financial'];

const project = (i: number, tags: string[], extra: Record<string, unknown> = {}) =>
  makeEntry('projects', `/projects/p${String(i).padStart(5, '0')}`, { sort: i % 7, tags, ...extra }) as Entry<CaseStudy>;

/** The definition, written the plain way: score every other visible case study. */
function bruteForce(entry: Entry<CaseStudy>, all: readonly Entry<CaseStudy>[], limit: number): string[] {
  const tags = new Set(entry.data.tags);
  return all
    .filter((other) => other.url !== entry.url)
    .map((other, index) => ({ other, index, shared: new Set(other.data.tags.filter((tag) => tags.has(tag))).size }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, limit)
    .map(({ other }) => other.url);
}

const tagLists = fc.array(fc.subarray(TAGS, { minLength: 0, maxLength: 6 }), { minLength: 1, maxLength: 60 });

describe('related case studies', () => {
  it('are exactly the ones sharing the most tags, ties in the one ordering, for any set of case studies', () => {
    fc.assert(
      fc.property(tagLists, fc.array(fc.boolean(), { maxLength: 60 }), fc.integer({ min: 1, max: 6 }), (lists, hidden, limit) => {
        const entries = lists.map((tags, i) => project(i, tags, { hidden: hidden[i] === true }));
        for (const entry of entries) entry.hidden = entry.data.hidden === true;
        const catalogue = createCatalogue(entries);
        const visible = catalogue.collection<CaseStudy>('projects');
        for (const entry of entries) {
          expect(relatedCaseStudies(entry, catalogue, limit).map((e) => e.url)).toEqual(bruteForce(entry, visible, limit));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('for a service, are the first case studies carrying any of its tags', () => {
    fc.assert(
      fc.property(tagLists, fc.subarray(TAGS), (lists, wanted) => {
        const catalogue = createCatalogue(lists.map((tags, i) => project(i, tags)));
        const expected = catalogue
          .collection<CaseStudy>('projects')
          .filter((p) => p.data.tags.some((tag) => wanted.includes(tag)))
          .slice(0, 6);
        expect(caseStudiesTagged(wanted, catalogue, 6)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('cost the same per page whatever the number of case studies: the work grows linearly with the site', () => {
    // Deterministic tags, three or four per case study, as the benchmark corpus has.
    const workPerPage = (n: number) => {
      const entries = Array.from({ length: n }, (_, i) => project(i, [TAGS[i % 5]!, TAGS[(i * 7 + 3) % 8]!, TAGS[(i * 3 + 1) % 8]!]));
      const catalogue = createCatalogue(entries);
      relatedWork.indexed = 0;
      relatedWork.scanned = 0;
      for (const entry of entries) relatedCaseStudies(entry, catalogue, 3);
      return { indexed: relatedWork.indexed / n, scanned: relatedWork.scanned / n };
    };
    const small = workPerPage(500);
    const large = workPerPage(5000);
    // Building the index touches each case study a bounded number of times (once per combination
    // of its tags), and answering a page scans a bounded number of list items: ten times the
    // pages, the same work per page. A scan of every case study per page would be ten times more.
    expect(large.indexed).toBeLessThanOrEqual(small.indexed * 1.05);
    expect(large.scanned).toBeLessThanOrEqual(small.scanned * 1.05);
    expect(small.scanned).toBeGreaterThan(0);
  });
});
