import { hydrateIsland, NAVIGATED_EVENT } from 'stillsite/client';
import { FACETS } from '../lib/filter-state.ts';

/**
 * The case-study filter hydrates when it scrolls into view, except on a listing opened with a
 * choice in its URL (`/projects?industry=retail`, from a shared link, a reload or the filter
 * itself): the list below it shows every case study until the filter runs, so it runs at once.
 */
function hydrateFilterWithChoice(): void {
  const filter = document.querySelector('[data-island="ProjectFilter"]');
  const params = new URLSearchParams(location.search);
  if (filter && FACETS.some((facet) => params.has(facet))) hydrateIsland(filter).catch((error: unknown) => console.error(error));
}

hydrateFilterWithChoice();
window.addEventListener(NAVIGATED_EVENT, hydrateFilterWithChoice);
