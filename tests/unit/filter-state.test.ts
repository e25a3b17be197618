import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildFilterIndex,
  countLabel,
  inPlaceUrl,
  matches,
  narrows,
  optionCount,
  parseSelection,
  resultCount,
  selectionUrl,
  toggle,
  type FacetTags,
  type Selection,
} from '../../templates/lib/filter-state.ts';

const facets: FacetTags = {
  industry: [
    { tag: 'retail', label: 'Retail', slug: 'retail' },
    { tag: 'financial', label: 'Financial Services', slug: 'financial-services' },
    { tag: 'public', label: 'Public Sector', slug: 'public-sector' },
  ],
  technology: [
    { tag: 'aws', label: 'AWS', slug: 'aws' },
    { tag: 'sqlServer', label: 'SQL Server', slug: 'sql-server' },
    { tag: 'delphi', label: 'Delphi', slug: 'delphi' },
  ],
};
const items = [
  { tags: ['retail', 'aws'] },
  { tags: ['retail', 'financial', 'aws', 'sqlServer'] },
  { tags: ['financial', 'sqlServer'] },
  { tags: ['financial', 'aws', 'aws'] },
];
const index = buildFilterIndex(items, facets);

describe('buildFilterIndex', () => {
  it('offers only tags some item carries, most used first, ties in the given order', () => {
    expect(index.total).toBe(4);
    expect(index.industry.map((o) => [o.tag, o.count])).toEqual([
      ['financial', 3],
      ['retail', 2],
    ]);
    expect(index.technology.map((o) => [o.tag, o.count])).toEqual([
      ['aws', 3],
      ['sqlServer', 2],
    ]);
    // financial × aws, financial × sqlServer; retail × aws, retail × sqlServer. A repeated tag counts once.
    expect(index.pairs).toEqual([
      [2, 2],
      [2, 1],
    ]);
  });

  const tags = ['retail', 'financial', 'public', 'aws', 'sqlServer', 'delphi'];
  const itemsArb = fc.array(fc.record({ tags: fc.subarray(tags) }), { maxLength: 40 });
  const selectionArb = fc
    .record({
      industry: fc.constantFrom(undefined, 'retail', 'financial', 'public'),
      technology: fc.constantFrom(undefined, 'aws', 'sqlServer', 'delphi'),
    })
    .map((s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as Selection);

  it('counts every selection exactly as filtering the items would', () => {
    fc.assert(
      fc.property(itemsArb, selectionArb, (random, selection) => {
        const built = buildFilterIndex(random, facets);
        expect(resultCount(built, selection)).toBe(random.filter((item) => matches(item.tags, selection)).length);
      }),
    );
  });

  it('gives each option the count choosing it would show', () => {
    fc.assert(
      fc.property(itemsArb, selectionArb, (random, selection) => {
        const built = buildFilterIndex(random, facets);
        for (const option of built.technology) {
          const next = { ...selection, technology: option.tag };
          expect(optionCount(built, 'technology', option.tag, selection)).toBe(random.filter((item) => matches(item.tags, next)).length);
        }
      }),
    );
  });
});

describe('selections and their URLs', () => {
  it('toggles a facet on, to another tag, and off', () => {
    expect(toggle({}, 'industry', 'retail')).toEqual({ industry: 'retail' });
    expect(toggle({ industry: 'retail', technology: 'aws' }, 'industry', 'financial')).toEqual({
      industry: 'financial',
      technology: 'aws',
    });
    expect(toggle({ industry: 'retail', technology: 'aws' }, 'industry', 'retail')).toEqual({ technology: 'aws' });
  });

  it.each([
    [{}, '/projects'],
    [{ industry: 'financial' }, '/projects/industry/financial-services'],
    [{ technology: 'sqlServer' }, '/projects/technology/sql-server'],
    [{ industry: 'retail', technology: 'aws' }, '/projects/industry/retail?technology=aws'],
    [{ industry: 'unknown' }, '/projects'],
  ])('loads %j from %s', (selection, url) => {
    expect(selectionUrl(index, '/projects', selection as Selection)).toBe(url);
  });

  it('reads back the selection each URL stands for, on the page it names', () => {
    for (const selection of [
      {},
      { industry: 'financial' },
      { technology: 'aws' },
      { industry: 'retail', technology: 'sqlServer' },
    ] as Selection[]) {
      const url = new URL(selectionUrl(index, '/projects', selection), 'https://x.example');
      const base: Selection = url.pathname.startsWith('/projects/industry/')
        ? { industry: index.industry.find((o) => url.pathname.endsWith(o.slug))!.tag }
        : url.pathname.startsWith('/projects/technology/')
          ? { technology: index.technology.find((o) => url.pathname.endsWith(o.slug))!.tag }
          : {};
      expect(parseSelection(index, url.search, base)).toEqual(selection);
    }
  });

  it('keeps a page its own facet and ignores unknown or contradicting query values', () => {
    expect(parseSelection(index, '?industry=retail&technology=aws', { industry: 'financial' })).toEqual({
      industry: 'financial',
      technology: 'aws',
    });
    expect(parseSelection(index, '?industry=nope&technology=delphi&colour=red', {})).toEqual({});
  });

  it('narrows in place only when the page keeps its own choice', () => {
    expect(narrows({ industry: 'financial', technology: 'aws' }, { industry: 'financial' })).toBe(true);
    expect(narrows({ technology: 'aws' }, { industry: 'financial' })).toBe(false);
    expect(narrows({ industry: 'retail' }, { industry: 'financial' })).toBe(false);
    expect(narrows({ industry: 'retail' }, {})).toBe(true);
    expect(
      inPlaceUrl(index, '/projects/industry/financial-services', { industry: 'financial', technology: 'aws' }, { industry: 'financial' }),
    ).toBe('/projects/industry/financial-services?technology=aws');
    expect(inPlaceUrl(index, '/projects', { industry: 'financial', technology: 'aws' }, {})).toBe(
      '/projects?industry=financial-services&technology=aws',
    );
    expect(inPlaceUrl(index, '/projects', {}, {})).toBe('/projects');
  });

  it('says "case study" for one', () => {
    expect([0, 1, 12].map(countLabel)).toEqual(['0 case studies', '1 case study', '12 case studies']);
  });
});
