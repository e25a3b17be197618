/**
 * The case-study filter's state and its URLs, shared by the server (tag pages, links that work
 * without JavaScript) and the filter island. Plain data and pure functions: nothing here may
 * touch the DOM or import server code, since the island bundles it.
 */

/** The two facets, in the order they are shown. */
export const FACETS = ['industry', 'technology'] as const;
export type FacetName = (typeof FACETS)[number];

/** One choice of a facet: a tag, how it reads, its URL segment and how many case studies carry it. */
export interface FilterOption {
  tag: string;
  label: string;
  slug: string;
  count: number;
}

/**
 * Everything the filter needs to count, whatever the page: the options of each facet (only
 * tags some visible case study carries, most used first) and, for every industry and
 * technology, how many case studies carry both. Its size depends on the number of tags, never
 * on the number of case studies, so every listing page can carry it.
 */
export interface FilterIndex {
  /** Visible case studies in all. */
  total: number;
  industry: FilterOption[];
  technology: FilterOption[];
  /** `pairs[i][t]`: case studies tagged with `industry[i]` and `technology[t]`. */
  pairs: number[][];
}

/** The chosen tag of each facet, if any. */
export type Selection = Partial<Record<FacetName, string>>;

/** A facet's tags, in the order they should be offered when counts tie. */
export type FacetTags = Record<FacetName, ReadonlyArray<{ tag: string; label: string; slug: string }>>;

/** Counts tags over the case studies once: O(case studies × tags each). */
export function buildFilterIndex(items: Iterable<{ tags: readonly string[] }>, facets: FacetTags): FilterIndex {
  const counts = new Map<string, number>();
  const pairCounts = new Map<string, number>();
  let total = 0;
  const known = Object.fromEntries(FACETS.map((facet) => [facet, new Set(facets[facet].map((option) => option.tag))])) as Record<
    FacetName,
    Set<string>
  >;
  for (const { tags } of items) {
    total += 1;
    const unique = [...new Set(tags)];
    for (const tag of unique) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    const industries = unique.filter((tag) => known.industry.has(tag));
    const technologies = unique.filter((tag) => known.technology.has(tag));
    for (const industry of industries)
      for (const technology of technologies)
        pairCounts.set(`${industry} ${technology}`, (pairCounts.get(`${industry} ${technology}`) ?? 0) + 1);
  }
  const options = (facet: FacetName): FilterOption[] =>
    facets[facet]
      .map((option, order) => ({ ...option, count: counts.get(option.tag) ?? 0, order }))
      .filter((option) => option.count > 0)
      .sort((a, b) => b.count - a.count || a.order - b.order)
      .map(({ order: _order, ...option }) => option);
  const industry = options('industry');
  const technology = options('technology');
  const pairs = industry.map((i) => technology.map((t) => pairCounts.get(`${i.tag} ${t.tag}`) ?? 0));
  return { total, industry, technology, pairs };
}

/** True when a case study's tags satisfy every chosen facet. */
export function matches(tags: readonly string[], selection: Selection): boolean {
  return FACETS.every((facet) => !selection[facet] || tags.includes(selection[facet]));
}

/** The position of a facet's tag among its options, or -1. */
function indexOf(index: FilterIndex, facet: FacetName, tag: string | undefined): number {
  return tag === undefined ? -1 : index[facet].findIndex((option) => option.tag === tag);
}

/** How many case studies a selection shows, counted from the index alone. */
export function resultCount(index: FilterIndex, selection: Selection): number {
  const i = indexOf(index, 'industry', selection.industry);
  const t = indexOf(index, 'technology', selection.technology);
  if (selection.industry && i < 0) return 0;
  if (selection.technology && t < 0) return 0;
  if (i >= 0 && t >= 0) return index.pairs[i]![t]!;
  if (i >= 0) return index.industry[i]!.count;
  if (t >= 0) return index.technology[t]!.count;
  return index.total;
}

/** How many case studies choosing `tag` for `facet` would show, keeping the other facet's choice. */
export function optionCount(index: FilterIndex, facet: FacetName, tag: string, selection: Selection): number {
  return resultCount(index, { ...selection, [facet]: tag });
}

/** Chooses `tag` for `facet`, or clears the facet when `tag` is already chosen. */
export function toggle(selection: Selection, facet: FacetName, tag: string): Selection {
  const next = { ...selection };
  if (next[facet] === tag) delete next[facet];
  else next[facet] = tag;
  return next;
}

/** True when `selection` keeps every choice of `base` (so it only narrows base's cards). */
export function narrows(selection: Selection, base: Selection): boolean {
  return FACETS.every((facet) => !base[facet] || selection[facet] === base[facet]);
}

/** The page of one facet's tag: `/projects/industry/retail`. */
export function facetPageUrl(listingUrl: string, facet: FacetName, slug: string): string {
  return `${listingUrl}/${facet}/${slug}`;
}

function slugOf(index: FilterIndex, facet: FacetName, tag: string | undefined): string | undefined {
  return index[facet].find((option) => option.tag === tag)?.slug;
}

/** A query string of the chosen facets, leaving out those in `omit`: `?technology=aws`. */
function queryOf(index: FilterIndex, selection: Selection, omit: Selection = {}): string {
  const params = new URLSearchParams();
  for (const facet of FACETS) {
    const slug = slugOf(index, facet, selection[facet]);
    if (slug && !omit[facet]) params.set(facet, slug);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The URL that shows a selection when loaded: the listing, or the page of the industry (else the
 * technology) with the other facet in the query, e.g. `/projects/industry/retail?technology=aws`.
 */
export function selectionUrl(index: FilterIndex, listingUrl: string, selection: Selection): string {
  const facet = FACETS.find((name) => slugOf(index, name, selection[name]));
  if (!facet) return listingUrl;
  const page = facetPageUrl(listingUrl, facet, slugOf(index, facet, selection[facet])!);
  return page + queryOf(index, selection, { [facet]: selection[facet] });
}

/** The URL of a page after narrowing its list in place: its own path, with the facets it does not fix in the query. */
export function inPlaceUrl(index: FilterIndex, path: string, selection: Selection, base: Selection): string {
  return path + queryOf(index, selection, base);
}

/** The selection a page's URL asks for: the page's own facet, plus known facets from the query. */
export function parseSelection(index: FilterIndex, search: string, base: Selection): Selection {
  const params = new URLSearchParams(search);
  const selection: Selection = { ...base };
  for (const facet of FACETS) {
    if (base[facet]) continue;
    const slug = params.get(facet);
    const option = index[facet].find((candidate) => candidate.slug === slug);
    if (option) selection[facet] = option.tag;
  }
  return selection;
}

/** "case study" for one, else "case studies". */
export function caseStudyNoun(count: number): string {
  return count === 1 ? 'case study' : 'case studies';
}

/** "1 case study", "12 case studies". */
export function countLabel(count: number): string {
  return `${count} ${caseStudyNoun(count)}`;
}
