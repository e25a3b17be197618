import type { TemplateProps } from 'stillsite';
import type { blogs, caseStudies, services, team } from '../collections.ts';
import { CaseStudyCard } from '../components/Cards.tsx';
import { Icon } from '../components/Icon.tsx';
import { Img } from '../components/Img.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Prose } from '../components/Prose.tsx';
import { authorOf, authorPage } from '../lib/authors.ts';
import { formatDate, readingMinutes } from '../lib/format.ts';
import { caseStudiesTagged, relatedCaseStudies } from '../lib/related.ts';
import { TAG_LABELS, tagPageUrl } from '../tags.ts';

const CLEARANCE_BADGES: Record<string, string> = {
  'Public Trust': '/images/badges/public-trust.svg',
  Secret: '/images/badges/secret.svg',
  'TS/SCI': '/images/badges/ts-sci.svg',
};

/** One team member's biography. */
export function TeamMemberPage({ entry, html }: TemplateProps<typeof team>) {
  const { data } = entry;
  return (
    <div className="container page-body bio">
      <Breadcrumbs />
      <header className="bio-head">
        {data.image ? <Img src={data.image.path} alt={data.image.alt} className="bio-portrait" priority sizes="14rem" /> : null}
        <div>
          <p className="eyebrow">{data.jobTitle}</p>
          <h1>{data.name}</h1>
          <p className="lead">{data.tagline}</p>
          {data.securityClearances.length ? (
            <ul className="clearances" aria-label="Security clearances">
              {data.securityClearances.map((c) => (
                <li key={c.level} className="clearance" data-status={c.status}>
                  <img src={CLEARANCE_BADGES[c.level]} alt="" width={24} height={24} />
                  {c.level} <span>({c.status})</span>
                </li>
              ))}
            </ul>
          ) : null}
          <ul className="link-row">
            <li>
              <a href={data.linkedInUrl} target="_blank" rel="noopener noreferrer">
                <Icon name="linkedin" size="xs" /> LinkedIn
              </a>
            </li>
            {data.sameAs
              .filter((url) => url !== data.linkedInUrl)
              .map((url) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    <Icon name="open_in_new" size="xs" /> {new URL(url).hostname.replace(/^www\./, '')}
                  </a>
                </li>
              ))}
          </ul>
        </div>
      </header>
      <Prose html={html} />
      <p className="back-link">
        <a href="/about/team">
          <Icon name="chevron_right" size="xs" /> Meet the whole team
        </a>
      </p>
    </div>
  );
}

/** One case study, with related work by shared tags. */
export function CaseStudyPage({ entry, html, catalogue }: TemplateProps<typeof caseStudies>) {
  const { data } = entry;
  const related = relatedCaseStudies(entry, catalogue, 3);
  return (
    <article>
      <PageHero data={data} eyebrow="Case study" lead={data.description} />
      <div className="container page-body article-layout">
        <div>
          {data.image ? (
            <Img src={data.image.path} alt={data.image.alt} className="article-cover" priority sizes="(min-width: 1024px) 65vw, 100vw" />
          ) : null}
          <Prose html={html} />
        </div>
        <aside className="fact-box" aria-label="Engagement facts">
          <h2>Client</h2>
          <ul>
            {data.clients.map((client) => (
              <li key={client.name}>
                <a href={client.url} target="_blank" rel="noopener noreferrer">
                  {client.name}
                </a>
              </li>
            ))}
          </ul>
          <h2>Tags</h2>
          <ul className="tag-list">
            {data.tags.map((tag) => (
              <li key={tag} className="tag">
                {/* A tag only hidden case studies carry has no page to open. */}
                {catalogue.byPath(tagPageUrl(tag)) ? <a href={tagPageUrl(tag)}>{TAG_LABELS[tag]}</a> : TAG_LABELS[tag]}
              </li>
            ))}
          </ul>
        </aside>
      </div>
      {related.length ? (
        <section className="section section-tinted" aria-labelledby="related-title">
          <div className="container">
            <h2 id="related-title">Related case studies</h2>
            <div className="card-grid">
              {related.map((project) => (
                <CaseStudyCard key={project.url} entry={project} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </article>
  );
}

/** One insights article. */
export function BlogPostPage({ entry, html, catalogue, site }: TemplateProps<typeof blogs>) {
  const { data } = entry;
  const author = authorOf(entry, catalogue, site);
  const person = authorPage(entry, catalogue);
  return (
    <article>
      <PageHero data={data} eyebrow="Insights" lead={data.description}>
        <p className="byline">
          <Icon name="person" size="xs" />
          {person ? <a href={person.url}>{author.name}</a> : author.name}
          <span aria-hidden="true">·</span>
          <time dateTime={data.createdDate}>{formatDate(data.createdDate)}</time>
          <span aria-hidden="true">·</span>
          {readingMinutes(entry.body)} min read
        </p>
      </PageHero>
      <div className="container page-body narrow">
        {data.image ? (
          <Img src={data.image.path} alt={data.image.alt} className="article-cover" priority sizes="(min-width: 800px) 46rem, 100vw" />
        ) : null}
        <Prose html={html} />
        {data.updatedDate ? (
          <p className="page-updated">
            Updated <time dateTime={data.updatedDate}>{formatDate(data.updatedDate)}</time>
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** One service, with related case studies by its tags. */
export function ServicePage({ entry, html, catalogue }: TemplateProps<typeof services>) {
  const { data } = entry;
  const related = caseStudiesTagged(data.relatedTags, catalogue, 6);
  return (
    <article>
      <PageHero data={data} eyebrow="Service" lead={data.description} />
      <div className="container page-body article-layout">
        <div>
          {data.image ? (
            <Img src={data.image.path} alt={data.image.alt} className="article-cover" priority sizes="(min-width: 1024px) 65vw, 100vw" />
          ) : null}
          <Prose html={html} />
        </div>
        <aside className="fact-box" aria-label="Next step">
          {data.icon ? <img src={data.icon.url} alt="" width={48} height={48} /> : null}
          <h2>Start with a conversation</h2>
          <p>A free consultation with the engineers who would do the work.</p>
          <a className="button button-primary" href="/contact">
            Book a free consultation
          </a>
        </aside>
      </div>
      {related.length ? (
        <section className="section section-tinted" aria-labelledby="related-title">
          <div className="container">
            <h2 id="related-title">Related case studies</h2>
            <div className="card-grid">
              {related.map((project) => (
                <CaseStudyCard key={project.url} entry={project} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </article>
  );
}
