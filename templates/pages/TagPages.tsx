import type { BaseData, Catalogue, DerivedRoute, PageProps } from 'stillsite';
import { CaseStudyResults } from '../components/CaseStudyResults.tsx';
import { PageHero } from '../components/PageHero.tsx';
import type { FacetName } from '../lib/filter-state.ts';
import { caseStudiesByTag, filterIndexOf } from '../lib/project-facets.ts';
import { TAGS, type PageEntry, type Tag } from '../schemas.ts';
import { PROJECTS_URL, TAG_LABELS, TAG_SUMMARIES, facetOf, tagPageUrl } from '../tags.ts';

/** What a tag page knows of itself, beyond any page's title and description. */
export interface TagPageData extends BaseData {
  h1: string;
  tag: Tag;
  facet: FacetName;
  /** Its name in the breadcrumb trail: the tag's label. */
  breadcrumb: string;
  banner?: PageEntry['banner'];
}

/** The template that draws tag pages, and the catalogue collection they join. */
export const TAG_PAGE_TEMPLATE = 'project-tag';
export const TAG_PAGE_COLLECTION = 'project-tags';

const FACET_EYEBROWS: Record<FacetName, string> = { industry: 'Industry', technology: 'Technology' };

/**
 * One page per industry and per technology that some visible case study carries, so the listing
 * can be narrowed with plain links. Each borrows the listing's banner; its `updatedDate` is the
 * newest date among its case studies, which is when its list last changed.
 */
export function projectTagRoutes(catalogue: Catalogue): DerivedRoute<TagPageData>[] {
  const byTag = caseStudiesByTag(catalogue);
  const banner = catalogue.byPath<PageEntry>(PROJECTS_URL)?.data.banner;
  return TAGS.flatMap((tag) => {
    const projects = byTag.get(tag);
    if (!projects?.length) return [];
    const label = TAG_LABELS[tag];
    // biome-ignore lint/complexity/useMathMinMax: the dates are ISO strings, which Math.max would turn into NaN.
    const newest = projects.map((project) => project.data.updatedDate ?? project.data.createdDate ?? '').reduce((a, b) => (a > b ? a : b));
    return [
      {
        url: tagPageUrl(tag),
        template: TAG_PAGE_TEMPLATE,
        collection: TAG_PAGE_COLLECTION,
        source: import.meta.filename,
        ...(newest ? { dates: { updated: newest } } : {}),
        data: {
          title: `${label} case studies from Kestrel Point`,
          description: TAG_SUMMARIES[tag],
          h1: `${label} case studies`,
          breadcrumb: label,
          tag,
          facet: facetOf(tag),
          ...(banner ? { banner } : {}),
          ...(newest ? { updatedDate: newest } : {}),
        },
      },
    ];
  });
}

/** The case studies of one industry or technology, in the site's order, under the filter. */
export function ProjectTagPage({ entry, catalogue }: PageProps<TagPageData>) {
  const { data } = entry;
  return (
    <>
      <PageHero data={data} eyebrow={FACET_EYEBROWS[data.facet]} lead={data.description} />
      <div className="container page-body">
        <CaseStudyResults
          projects={caseStudiesByTag(catalogue).get(data.tag) ?? []}
          index={filterIndexOf(catalogue)}
          base={{ [data.facet]: data.tag }}
          path={entry.url}
        />
      </div>
    </>
  );
}
