import type { Catalogue, Entry, SiteContext } from 'stillsite';
import { identity } from '../identity.ts';
import { authorSchema, type Author, type BlogPost, type TeamMember } from '../schemas.ts';

/** The author of an article: the team member it names, else the firm. */
export function authorOf(entry: Entry<BlogPost>, catalogue: Catalogue, site: SiteContext): Author {
  const member = entry.data.author ? catalogue.resolve<TeamMember>(entry.data.author) : undefined;
  if (!member) return authorSchema.parse({ type: 'Organization', name: identity.name, url: site.url('/') });
  return authorSchema.parse({
    type: 'Person',
    name: member.data.name,
    url: site.url(member.url),
    image: member.data.image?.path ?? '/images/logo.svg',
    jobTitle: member.data.jobTitle,
  });
}

/** The team member behind an author, for linking to the bio. */
export function authorPage(entry: Entry<BlogPost>, catalogue: Catalogue): Entry<TeamMember> | undefined {
  return entry.data.author ? catalogue.resolve<TeamMember>(entry.data.author) : undefined;
}
