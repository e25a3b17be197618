import type { PageProps } from 'stillsite';
import { ArticleCard, ServiceCard, TeamCard } from '../components/Cards.tsx';
import { CaseStudyResults } from '../components/CaseStudyResults.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Prose } from '../components/Prose.tsx';
import { authorOf } from '../lib/authors.ts';
import { filterIndexOf } from '../lib/project-facets.ts';
import type { BlogPost, CaseStudy, PageEntry, Service, TeamMember } from '../schemas.ts';

/** The team, in sort order: the founders first. */
export function TeamListPage({ entry, html, catalogue }: PageProps<PageEntry>) {
  const team = catalogue.collection<TeamMember>('team');
  return (
    <>
      <PageHero data={entry.data} lead={entry.data.description} />
      <div className="container page-body">
        <Prose html={html} className="intro" />
        <div className="card-grid card-grid-people">
          {team.map((member) => (
            <TeamCard key={member.url} entry={member} />
          ))}
        </div>
      </div>
    </>
  );
}

/** Every visible case study, in sort order, with the count and the filter by industry and technology. */
export function ProjectListPage({ entry, html, catalogue }: PageProps<PageEntry>) {
  const projects = catalogue.collection<CaseStudy>('projects');
  return (
    <>
      <PageHero data={entry.data} lead={entry.data.description} />
      <div className="container page-body">
        <Prose html={html} className="intro" />
        <CaseStudyResults projects={projects} index={filterIndexOf(catalogue)} base={{}} path={entry.url} />
      </div>
    </>
  );
}

/** Every visible article, newest first. */
export function BlogListPage({ entry, html, catalogue, site }: PageProps<PageEntry>) {
  const posts = catalogue.collection<BlogPost>('blogs', { order: 'newest' });
  return (
    <>
      <PageHero data={entry.data} lead={entry.data.description} />
      <div className="container page-body">
        <Prose html={html} className="intro" />
        <div className="card-grid">
          {posts.map((post) => (
            <ArticleCard key={post.url} entry={post} authorName={authorOf(post, catalogue, site).name} headingLevel={2} />
          ))}
        </div>
      </div>
    </>
  );
}

/** Every service, in sort order. */
export function ServiceListPage({ entry, html, catalogue }: PageProps<PageEntry>) {
  const services = catalogue.collection<Service>('services');
  return (
    <>
      <PageHero data={entry.data} lead={entry.data.description} />
      <div className="container page-body">
        <Prose html={html} className="intro" />
        <div className="card-grid">
          {services.map((service) => (
            <ServiceCard key={service.url} entry={service} headingLevel={2} />
          ))}
        </div>
      </div>
    </>
  );
}
