import type { Catalogue, Entry } from 'stillsite';
import type { CaseStudy, Tag } from '../schemas.ts';
import { FACET_TAGS } from '../tags.ts';
import { buildFilterIndex, type FilterIndex } from './filter-state.ts';

// Both are computed once per build through the catalogue (not memoized here), however many
// listing pages ask, so an incremental build knows which pages depend on the case studies.

/** The filter's counts over the visible case studies (see `FilterIndex`). */
export function filterIndexOf(catalogue: Catalogue): FilterIndex {
  return catalogue.derive(projectFilterIndex);
}

/** The visible case studies carrying each tag, each list in the site's order. */
export function caseStudiesByTag(catalogue: Catalogue): ReadonlyMap<Tag, readonly Entry<CaseStudy>[]> {
  return catalogue.derive(projectsByTag);
}

function projectFilterIndex(catalogue: Catalogue): FilterIndex {
  return buildFilterIndex(
    catalogue.collection<CaseStudy>('projects').map((project) => ({ tags: project.data.tags })),
    FACET_TAGS,
  );
}

function projectsByTag(catalogue: Catalogue): Map<Tag, Entry<CaseStudy>[]> {
  const byTag = new Map<Tag, Entry<CaseStudy>[]>();
  for (const project of catalogue.collection<CaseStudy>('projects')) {
    for (const tag of new Set(project.data.tags)) {
      const list = byTag.get(tag);
      if (list) list.push(project);
      else byTag.set(tag, [project]);
    }
  }
  return byTag;
}
