import type { Catalogue, Entry } from 'stillsite';
import type { CaseStudy } from '../schemas.ts';

/** Case studies with more tags than this are scored one by one instead of being indexed by every combination of their tags. */
const MAX_INDEXED_TAGS = 10;

/** The visible case studies indexed by every combination of their tags. */
interface TagIndex {
  projects: readonly Entry<CaseStudy>[];
  /** Each case study's distinct tags, by its position in `projects`. */
  tags: ReadonlySet<string>[];
  position: ReadonlyMap<string, number>;
  /** Positions of the case studies carrying all of a combination of tags (sorted, joined by `|`), ascending. */
  byCombination: ReadonlyMap<string, readonly number[]>;
  /** Positions of case studies with too many tags to index by combination. */
  wide: readonly number[];
}

/** Counts of work done, for the scaling tests: lookups grow with the pages asked about, never with the site squared. */
export const relatedWork = { indexed: 0, scanned: 0 };

const combinationKey = (tags: readonly string[]) => tags.join('|');

/** Every non-empty combination of `tags` (sorted), as keys. */
function combinations(tags: readonly string[]): string[][] {
  const all: string[][] = [];
  for (let mask = 1; mask < 1 << tags.length; mask++) all.push(tags.filter((_, i) => mask & (1 << i)));
  return all;
}

function buildIndex(catalogue: Catalogue): TagIndex {
  const projects = catalogue.collection<CaseStudy>('projects');
  const byCombination = new Map<string, number[]>();
  const wide: number[] = [];
  const tags = projects.map((project, i) => {
    const own = [...new Set<string>(project.data.tags)].sort();
    if (own.length > MAX_INDEXED_TAGS) wide.push(i);
    else
      for (const combination of combinations(own)) {
        const key = combinationKey(combination);
        const list = byCombination.get(key);
        if (list) list.push(i);
        else byCombination.set(key, [i]);
        relatedWork.indexed++;
      }
    return new Set(own);
  });
  return { projects, tags, position: new Map(projects.map((project, i) => [project.url, i])), byCombination, wide };
}

const indexOf = (catalogue: Catalogue) => catalogue.derive(buildIndex);

/**
 * Case studies sharing the most tags with `entry` (at least one), the one ordering breaking
 * ties; never the entry itself. Exact, and independent of the site's size: the index lists the
 * case studies under every combination of their tags, so the best matches are the first few of
 * a handful of short lists, most shared tags first.
 */
export function relatedCaseStudies(entry: Entry<CaseStudy>, catalogue: Catalogue, limit: number): Entry<CaseStudy>[] {
  const index = indexOf(catalogue);
  const wanted = [...new Set<string>(entry.data.tags)].sort();
  const self = index.position.get(entry.url);
  const shared = (i: number) => wanted.filter((tag) => index.tags[i]!.has(tag)).length;
  if (wanted.length > MAX_INDEXED_TAGS) return scoreAll(index, self, shared, limit);

  const chosen: number[] = [];
  const taken = new Set<number>(self === undefined ? [] : [self]);
  const byCount = Map.groupBy(combinations(wanted), (combination) => combination.length);
  // Every case study sharing more tags than `count` is chosen by the time `count` is reached (or
  // the list is full), so whatever a list for `count` tags holds beyond those shares exactly `count`.
  for (let count = wanted.length; count > 0 && chosen.length < limit; count--) {
    const need = limit - chosen.length;
    const candidates = new Set<number>();
    for (const combination of byCount.get(count) ?? []) {
      let found = 0;
      for (const i of index.byCombination.get(combinationKey(combination)) ?? []) {
        relatedWork.scanned++;
        if (taken.has(i)) continue;
        candidates.add(i);
        if (++found === need) break;
      }
    }
    for (const i of index.wide) if (!taken.has(i) && shared(i) === count) candidates.add(i);
    for (const i of [...candidates].sort((a, b) => a - b).slice(0, need)) {
      chosen.push(i);
      taken.add(i);
    }
  }
  return chosen.map((i) => index.projects[i]!);
}

/** The plain way, for an entry with more tags than are indexed: score every case study. */
function scoreAll(index: TagIndex, self: number | undefined, shared: (i: number) => number, limit: number): Entry<CaseStudy>[] {
  return index.projects
    .map((_, i) => ({ i, count: i === self ? 0 : shared(i) }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count || a.i - b.i)
    .slice(0, limit)
    .map(({ i }) => index.projects[i]!);
}

/** The first `limit` case studies, in the one ordering, carrying any of `tags`. */
export function caseStudiesTagged(tags: readonly string[], catalogue: Catalogue, limit: number): Entry<CaseStudy>[] {
  const index = indexOf(catalogue);
  const positions = new Set<number>();
  for (const tag of new Set(tags)) {
    for (const i of (index.byCombination.get(tag) ?? []).slice(0, limit)) positions.add(i);
  }
  for (const i of index.wide) if (tags.some((tag) => index.tags[i]!.has(tag))) positions.add(i);
  return [...positions]
    .sort((a, b) => a - b)
    .slice(0, limit)
    .map((i) => index.projects[i]!);
}
