import { Island, type Entry } from 'stillsite';
import ProjectFilter from '../islands/ProjectFilter.tsx';
import type { FilterIndex, Selection } from '../lib/filter-state.ts';
import type { CaseStudy } from '../schemas.ts';
import { PROJECTS_URL } from '../tags.ts';
import { CaseStudyCard } from './Cards.tsx';

const LIST_ID = 'case-study-results';

/**
 * A list of case studies under the filter: the filter island, then the cards, each carrying its
 * tags so the island can narrow the list in place.
 */
export function CaseStudyResults({
  projects,
  index,
  base,
  path,
}: {
  projects: readonly Entry<CaseStudy>[];
  index: FilterIndex;
  base: Selection;
  path: string;
}) {
  return (
    <>
      <Island
        name="ProjectFilter"
        component={ProjectFilter}
        props={{ index, base, path, listingUrl: PROJECTS_URL, listId: LIST_ID }}
        hydrate="visible"
      />
      <ul id={LIST_ID} className="card-grid card-list">
        {projects.map((project) => (
          <li key={project.url} data-tags={project.data.tags.join(' ')}>
            <CaseStudyCard entry={project} headingLevel={2} />
          </li>
        ))}
      </ul>
    </>
  );
}
