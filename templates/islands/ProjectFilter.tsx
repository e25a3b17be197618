import { useEffect, useLayoutEffect, useState } from 'react';
import { navigate } from 'stillsite/client';
import {
  FACETS,
  caseStudyNoun,
  facetPageUrl,
  inPlaceUrl,
  matches,
  narrows,
  optionCount,
  parseSelection,
  resultCount,
  selectionUrl,
  toggle,
  type FacetName,
  type FilterIndex,
  type FilterOption,
  type Selection,
} from '../lib/filter-state.ts';

export interface ProjectFilterProps {
  /** Counts of every option, over all visible case studies. */
  index: FilterIndex;
  /** The page's own choice: none on the listing, its tag on a tag page. */
  base: Selection;
  /** The URL path of the page the filter is on. */
  path: string;
  /** The full listing, where clearing the filter leads: `/projects`. */
  listingUrl: string;
  /** The id of the server-rendered list of case studies this narrows; each item has `data-tags`. */
  listId: string;
}

const FACET_LABELS: Record<FacetName, string> = { industry: 'Industry', technology: 'Technology' };
const RESET_ID = 'filter-reset';
/** The padding a chip row keeps at its start (filter.css, `--space-5`). */
const CHIP_ROW_INSET = 24;

// A choice this page cannot show in place (another industry on an industry's page) loads the page
// that can; this module outlives the swap, so the new filter knows which control to focus.
let focusAfterNavigation: string | undefined;

const optionId = (facet: FacetName, option: FilterOption) => `filter-${facet}-${option.slug}`;
const samePath = (a: string, b: string) => a.replace(/(.)\/$/, '$1') === b.replace(/(.)\/$/, '$1');

/**
 * The case-study filter. Rendered on the server as links to the tag pages, so it works without
 * JavaScript; once hydrated, the options become toggle buttons that narrow the list already on
 * the page, count what each choice would show, and keep the choice in the URL for reloads,
 * sharing and the back button.
 */
export default function ProjectFilter({ index, base, path, listingUrl, listId }: ProjectFilterProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [selection, setSelection] = useState<Selection>(base);

  useEffect(() => {
    const fromUrl = () => {
      if (samePath(location.pathname, path)) setSelection(parseSelection(index, location.search, base));
    };
    setEnhanced(true);
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [index, base, path]);

  // Before paint, so the list never shows a frame that disagrees with the controls.
  useLayoutEffect(() => {
    const list = document.getElementById(listId);
    for (const item of list?.children ?? []) {
      if (item instanceof HTMLElement) item.hidden = !matches(item.dataset.tags?.split(' ') ?? [], selection);
    }
  }, [listId, selection]);

  useEffect(() => {
    if (!enhanced) return;
    // On phones a facet is a sideways-scrolling row: bring its chosen chip into sight.
    for (const chip of document.querySelectorAll<HTMLElement>('.chip-list .chip[aria-pressed="true"]')) {
      const row = chip.closest('.chip-list');
      const [at, view] = [chip.getBoundingClientRect(), row?.getBoundingClientRect()];
      if (row && view && at.right > view.right) row.scrollLeft += at.left - view.left - CHIP_ROW_INSET;
    }
    if (!focusAfterNavigation) return;
    document.getElementById(focusAfterNavigation)?.focus();
    focusAfterNavigation = undefined;
  }, [enhanced]);

  const choose = (next: Selection, focusId: string) => {
    if (narrows(next, base)) {
      history.pushState(history.state, '', inPlaceUrl(index, location.pathname, next, base));
      setSelection(next);
    } else {
      focusAfterNavigation = focusId;
      void navigate(selectionUrl(index, listingUrl, next));
    }
  };

  const count = resultCount(index, selection);
  const chosen = FACETS.some((facet) => selection[facet]);
  return (
    <section className="filter" aria-labelledby="filter-heading">
      <h2 id="filter-heading" className="filter-heading">
        Filter case studies
      </h2>
      {FACETS.map((facet) => (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, not form fields: a fieldset would bring a form's semantics and styling.
        <div key={facet} className="filter-group" role="group" aria-labelledby={`filter-${facet}-label`}>
          <p id={`filter-${facet}-label`} className="filter-label">
            {FACET_LABELS[facet]}
          </p>
          <ul className="chip-list">
            {index[facet].map((option) => {
              const selected = selection[facet] === option.tag;
              const content = (n: number) => (
                <>
                  {option.label}
                  <span className="chip-count">
                    {n}
                    <span className="visually-hidden"> {caseStudyNoun(n)}</span>
                  </span>
                </>
              );
              if (!enhanced) {
                return (
                  <li key={option.tag}>
                    <a
                      className="chip"
                      href={facetPageUrl(listingUrl, facet, option.slug)}
                      aria-current={base[facet] === option.tag ? 'page' : undefined}
                    >
                      {content(option.count)}
                    </a>
                  </li>
                );
              }
              const n = optionCount(index, facet, option.tag, selection);
              const id = optionId(facet, option);
              return (
                <li key={option.tag}>
                  <button
                    type="button"
                    id={id}
                    className="chip"
                    aria-pressed={selected}
                    disabled={!selected && n === 0}
                    onClick={() => choose(toggle(selection, facet, option.tag), id)}
                  >
                    {content(n)}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <div className="filter-status">
        <p className="result-count" role="status" aria-live="polite" aria-atomic="true">
          <strong>{count}</strong> {caseStudyNoun(count)}
          {enhanced && count === 0 ? ' match these choices. Clear one to see more.' : null}
        </p>
        {enhanced ? (
          <button
            type="button"
            id={RESET_ID}
            className="filter-reset"
            aria-disabled={!chosen}
            onClick={() => {
              if (chosen) choose({}, RESET_ID);
            }}
          >
            Clear filters
          </button>
        ) : chosen ? (
          <a className="filter-reset" href={listingUrl}>
            All case studies
          </a>
        ) : null}
      </div>
    </section>
  );
}
