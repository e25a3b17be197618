import type { Tag } from './schemas.ts';

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
