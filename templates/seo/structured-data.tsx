import { JsonLd, type Catalogue, type Entry, type JsonLdObject, type PageProps, type SiteContext } from 'stillsite';
import { identity } from '../identity.ts';
import { authorOf } from '../lib/authors.ts';
import { breadcrumbTrail } from '../lib/breadcrumbs.ts';
import { MARK } from '../og/social-image.ts';
import type { Author, BlogPost, CaseStudy, Service, TeamMember } from '../schemas.ts';

const CONTEXT = 'https://schema.org';

/** The firm as a reference: other objects point at the full Organization on the home page by `@id`. */
function firm(site: SiteContext) {
  return {
    '@type': 'Organization',
    '@id': site.url('/#organization'),
    name: identity.name,
    url: site.url('/'),
    logo: { '@type': 'ImageObject', url: site.url(MARK) },
  };
}

/** The page's social image as an absolute URL, when it has one. */
function imageOf(entry: Entry, site: SiteContext): string | undefined {
  const image = site.ogImage(entry.url);
  return image ? site.url(image.url) : undefined;
}

/** The home page's Organization: the firm, its mark, e-mail and LinkedIn. */
export function organization(site: SiteContext): JsonLdObject {
  return {
    '@context': CONTEXT,
    ...firm(site),
    logo: site.url(MARK),
    email: identity.email,
    foundingDate: String(identity.founded),
    sameAs: [identity.linkedIn],
  };
}

/** A team member's Person: role, portrait, profiles elsewhere, and the firm they work for. */
export function person(entry: Entry<TeamMember>, site: SiteContext): JsonLdObject {
  const { data } = entry;
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    name: data.name,
    jobTitle: data.jobTitle,
    description: data.shortBio,
    url: site.url(entry.url),
    ...(data.image ? { image: site.url(data.image.path) } : {}),
    sameAs: [...new Set([data.linkedInUrl, ...data.sameAs, ...(data.url ? [data.url] : [])])],
    worksFor: firm(site),
  };
}

/** The author as schema.org: the firm, or a Person with image and job title (templates/README.md). */
export function authorData(author: Author, site: SiteContext): Record<string, unknown> {
  if (author.type === 'Organization') return { '@type': 'Organization', name: author.name, url: author.url };
  return { '@type': 'Person', name: author.name, url: author.url, image: site.url(author.image), jobTitle: author.jobTitle };
}

/** An article's BlogPosting: author, publisher, dates and image. */
export function blogPosting(entry: Entry<BlogPost>, catalogue: Catalogue, site: SiteContext): JsonLdObject {
  const { data } = entry;
  const image = imageOf(entry, site);
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: data.title,
    description: data.description,
    url: site.url(entry.url),
    mainEntityOfPage: site.url(entry.url),
    datePublished: data.createdDate,
    dateModified: data.updatedDate ?? data.createdDate,
    author: authorData(authorOf(entry, catalogue, site), site),
    publisher: firm(site),
    ...(image ? { image } : {}),
  };
}

/** A case study's Article: the publisher and the clients it is about. */
export function caseStudyArticle(entry: Entry<CaseStudy>, site: SiteContext): JsonLdObject {
  const { data } = entry;
  const image = imageOf(entry, site);
  const publisher = !data.publisher || data.publisher === identity.name ? firm(site) : { '@type': 'Organization', name: data.publisher };
  return {
    '@context': CONTEXT,
    '@type': data.type,
    headline: data.title,
    description: data.description,
    url: site.url(entry.url),
    mainEntityOfPage: site.url(entry.url),
    publisher,
    about: data.clients.map((client) => ({ '@type': 'Organization', name: client.name, url: client.url })),
    ...(data.createdDate ? { datePublished: data.createdDate, dateModified: data.updatedDate ?? data.createdDate } : {}),
    ...(image ? { image } : {}),
  };
}

/** A service page's Service, provided by the firm. */
export function service(entry: Entry<Service>, site: SiteContext): JsonLdObject {
  const image = imageOf(entry, site);
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    name: entry.data.title,
    serviceType: entry.data.title,
    description: entry.data.description,
    url: site.url(entry.url),
    provider: firm(site),
    ...(image ? { image } : {}),
  };
}

/** The page's breadcrumb trail (the one the page shows) as a BreadcrumbList; none for the home page. */
export function breadcrumbs(entry: Entry, catalogue: Catalogue, site: SiteContext): JsonLdObject | undefined {
  const crumbs = breadcrumbTrail(entry, catalogue);
  if (crumbs.length === 0) return undefined;
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: site.url(crumb.url) })),
  };
}

/** Every JSON-LD object of a page: the one its template calls for, then its breadcrumbs. */
export function structuredData(entry: Entry, catalogue: Catalogue, site: SiteContext): JsonLdObject[] {
  const main: Record<string, () => JsonLdObject> = {
    home: () => organization(site),
    'team-member': () => person(entry as Entry<TeamMember>, site),
    'blog-post': () => blogPosting(entry as Entry<BlogPost>, catalogue, site),
    'case-study': () => caseStudyArticle(entry as Entry<CaseStudy>, site),
    service: () => service(entry as Entry<Service>, site),
  };
  return [main[entry.template]?.(), breadcrumbs(entry, catalogue, site)].filter((item): item is JsonLdObject => Boolean(item));
}

/** The site's `head` hook: each page's structured data, one script per object. */
export function StructuredData({ entry, catalogue, site }: PageProps) {
  return (
    <>
      {structuredData(entry, catalogue, site).map((item) => (
        <JsonLd key={item['@type']} data={item} />
      ))}
    </>
  );
}
