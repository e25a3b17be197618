import { describe, expect, it } from 'vitest';
import { createSiteContext } from '../../src/site/context.ts';
import { createCatalogue } from '../../src/content/catalogue.ts';
import { Ref } from '../../src/content/schema-helpers.ts';
import type { Entry, SiteDefinition } from '../../src/index.ts';
import { breadcrumbs, caseStudyArticle, organization, person, structuredData } from '../../templates/seo/structured-data.tsx';
import type { CaseStudy, TeamMember } from '../../templates/schemas.ts';
import { makeEntry } from '../helpers/entries.ts';

const member = makeEntry(
  'team',
  '/about/team/ada',
  {
    name: 'Ada',
    jobTitle: 'Founder',
    shortBio: 'Counts.',
    linkedInUrl: 'https://www.linkedin.com/in/ada',
    sameAs: ['https://www.linkedin.com/in/ada', 'https://github.com/ada'],
    securityClearances: [],
    image: { path: '/images/team/ada.svg', alt: 'Ada' },
  },
  { template: 'team-member' },
) as Entry<TeamMember>;
const project = makeEntry(
  'projects',
  '/projects/acme',
  {
    clients: [{ name: 'Acme', url: 'https://acme.example' }],
    tags: ['aws', 'retail'],
    type: 'Article',
    publisher: 'Partner Press',
    createdDate: '2024-03-01',
  },
  { template: 'case-study' },
) as Entry<CaseStudy>;
const post = makeEntry('blogs', '/blogs/hello', { createdDate: '2024-01-02', author: new Ref('team', 'ada') }, { template: 'blog-post' });
const catalogue = createCatalogue([
  makeEntry('pages', '/', { title: 'Home page' }, { template: 'home' }),
  makeEntry('pages', '/about/team', { title: 'Our team', h1: 'The Team' }, { listPage: true, template: 'team-list' }),
  member,
  project,
  post,
]);
const images = new Map([['/blogs/hello', { url: '/og/blogs/hello.png', type: 'image/png' as const, width: 1200, height: 630, alt: 'x' }]]);
const site = createSiteContext(
  { name: 'Kestrel Point Consulting', lang: 'en-US', origin: 'https://o.example' } as SiteDefinition,
  undefined,
  images,
);

describe('structured data', () => {
  it('describes the firm on the home page with its mark, e-mail and LinkedIn', () => {
    expect(organization(site)).toMatchObject({
      '@type': 'Organization',
      url: 'https://o.example/',
      logo: 'https://o.example/images/logo.svg',
      email: expect.stringContaining('@'),
      sameAs: [expect.stringContaining('linkedin.com/company/')],
    });
  });

  it('lists a person’s profiles once each, with an absolute portrait and the firm as employer', () => {
    expect(person(member, site)).toMatchObject({
      sameAs: ['https://www.linkedin.com/in/ada', 'https://github.com/ada'],
      image: 'https://o.example/images/team/ada.svg',
      worksFor: { '@type': 'Organization', name: 'Kestrel Point Consulting' },
    });
  });

  it('names a case study’s own publisher when it is not the firm, and its clients', () => {
    expect(caseStudyArticle(project, site)).toMatchObject({
      '@type': 'Article',
      publisher: { '@type': 'Organization', name: 'Partner Press' },
      about: [{ '@type': 'Organization', name: 'Acme', url: 'https://acme.example' }],
      datePublished: '2024-03-01',
      dateModified: '2024-03-01',
    });
    expect(caseStudyArticle(project, site)).not.toHaveProperty('image');
  });

  it('gives an article its social image and its author as a Person', () => {
    const [posting] = structuredData(post, catalogue, site);
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      image: 'https://o.example/og/blogs/hello.png',
      author: { '@type': 'Person', name: 'Ada', jobTitle: 'Founder', image: 'https://o.example/images/team/ada.svg' },
      datePublished: '2024-01-02',
      dateModified: '2024-01-02',
    });
  });

  it('builds breadcrumbs through the ancestors that are pages, by their short names', () => {
    const items = breadcrumbs(member, catalogue, site)!.itemListElement as Array<{ name: string; item: string; position: number }>;
    expect(items.map((i) => [i.position, i.name, i.item])).toEqual([
      [1, 'Home', 'https://o.example/'],
      [2, 'The Team', 'https://o.example/about/team'],
      [3, 'Ada', 'https://o.example/about/team/ada'],
    ]);
    expect(breadcrumbs(catalogue.byPath('/')!, catalogue, site)).toBeUndefined();
  });

  it('gives a page with no template of its own only breadcrumbs', () => {
    expect(structuredData(catalogue.byPath('/about/team')!, catalogue, site).map((item) => item['@type'])).toEqual(['BreadcrumbList']);
  });
});
