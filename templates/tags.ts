import { facetPageUrl, type FacetName, type FacetTags } from './lib/filter-state.ts';
import { INDUSTRY_TAGS, TECHNOLOGY_TAGS, type Tag } from './schemas.ts';

/** How each tag key reads on the page. */
export const TAG_LABELS: Record<Tag, string> = {
  snowflake: 'Snowflake',
  bigData: 'Big Data',
  aws: 'AWS',
  azure: 'Azure',
  gcp: 'Google Cloud',
  java: 'Java',
  python: 'Python',
  net: '.NET',
  javascript: 'JavaScript',
  c: 'C',
  delphi: 'Delphi',
  oracle: 'Oracle',
  sqlServer: 'SQL Server',
  noSql: 'NoSQL',
  mobile: 'Mobile',
  pivotal: 'Pivotal Cloud Foundry',
  ironvale: 'Ironvale',
  security: 'Security',
  public: 'Public Sector',
  financial: 'Financial Services',
  healthBio: 'Health & Bio',
  retail: 'Retail',
  energyTransport: 'Energy & Transport',
};

/** The URL segment of each tag: lower-case words joined by hyphens, as the rest of the site's URLs. */
export const TAG_SLUGS: Record<Tag, string> = {
  snowflake: 'snowflake',
  bigData: 'big-data',
  aws: 'aws',
  azure: 'azure',
  gcp: 'google-cloud',
  java: 'java',
  python: 'python',
  net: 'dotnet',
  javascript: 'javascript',
  c: 'c',
  delphi: 'delphi',
  oracle: 'oracle',
  sqlServer: 'sql-server',
  noSql: 'nosql',
  mobile: 'mobile',
  pivotal: 'pivotal-cloud-foundry',
  ironvale: 'ironvale',
  security: 'security',
  public: 'public-sector',
  financial: 'financial-services',
  healthBio: 'health-bio',
  retail: 'retail',
  energyTransport: 'energy-transport',
};

/** One sentence per tag: the lead and meta description of its case-study page (50–170 characters). */
export const TAG_SUMMARIES: Record<Tag, string> = {
  snowflake: 'Snowflake platforms we designed, migrated and tuned: ingestion, governance, cost control and the data products built on top.',
  bigData:
    'Engagements where the volume was the problem: streaming pipelines, lakehouse storage and batch jobs measured in terabytes a day.',
  aws: 'Systems we built and moved on Amazon Web Services, from event-driven workflows to data platforms and locked-down landing zones.',
  azure: 'Microsoft Azure work: cloud migrations, data platforms and applications for organizations that run on the Microsoft stack.',
  gcp: 'Google Cloud engagements: BigQuery analytics, machine-learning pipelines, Kubernetes platforms and patient-facing applications.',
  java: 'Java systems we wrote, modernized or rescued: transaction processing, integration services and long-lived enterprise code.',
  python: 'Python in production: data pipelines, machine-learning models, automation and the services that serve them.',
  net: '.NET applications we built and modernized, from line-of-business systems to APIs moved off ageing Windows servers.',
  javascript: 'JavaScript and TypeScript work: web applications, portals and dashboards that people use every day.',
  c: 'Engagements involving C: performance-critical control code modernized and kept running while the systems around it changed.',
  delphi: 'Delphi applications we carried forward: desktop software that ran a business for decades, rewritten without losing its rules.',
  oracle: 'Oracle databases we migrated, tuned or retired, with the data and the business logic carried over intact.',
  sqlServer: 'SQL Server estates we upgraded, automated and moved: database DevOps, migrations and reporting.',
  noSql: 'Document, key-value and graph stores chosen for the job, designed for the access patterns and run in production.',
  mobile: 'Mobile apps for field crews, patients and customers: offline-first, secure and connected to the systems behind them.',
  pivotal:
    'Pivotal Cloud Foundry in both directions: applications moved onto it from ageing app servers, and estates moved off it to Kubernetes.',
  ironvale: 'Ironvale Secure Workspace deployments: controlled environments for sensitive work, from pilot to accreditation.',
  security: 'Security engagements: access control, secrets, audit and secure workspaces, built into platforms rather than bolted on.',
  public: 'Work for cities, counties and agencies: benefits portals, open data and analytics under public-sector rules and budgets.',
  financial: 'Banks, credit unions, insurers and lenders: faster decisions, cleaner data and controls that satisfy examiners.',
  healthBio: 'Hospitals, research networks and life-science firms: clinical data, secure sharing and models that respect privacy.',
  retail: 'Retailers and consumer brands: demand forecasting, pricing, loyalty data and the platforms behind the shelves.',
  energyTransport:
    'Utilities, airlines, railways, transit agencies and ports: operational data in near real time and the systems that act on it.',
};

/** The facet a tag belongs to: the industry served or the technology used. */
export function facetOf(tag: Tag): FacetName {
  return (INDUSTRY_TAGS as readonly string[]).includes(tag) ? 'industry' : 'technology';
}

/** Each facet's tags with their labels and URL segments, in the order of the tag keys in schemas.ts. */
export const FACET_TAGS: FacetTags = {
  industry: INDUSTRY_TAGS.map((tag) => ({ tag, label: TAG_LABELS[tag], slug: TAG_SLUGS[tag] })),
  technology: TECHNOLOGY_TAGS.map((tag) => ({ tag, label: TAG_LABELS[tag], slug: TAG_SLUGS[tag] })),
};

/** The case-study listing the tag pages sit under. */
export const PROJECTS_URL = '/projects';

/** The page listing the case studies with a tag: `/projects/industry/retail`, `/projects/technology/aws`. */
export function tagPageUrl(tag: Tag): string {
  return facetPageUrl(PROJECTS_URL, facetOf(tag), TAG_SLUGS[tag]);
}
