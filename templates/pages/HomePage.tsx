import type { PageProps } from 'stillsite';
import { ArticleCard, CaseStudyCard, ServiceCard } from '../components/Cards.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Prose } from '../components/Prose.tsx';
import { authorOf } from '../lib/authors.ts';
import type { BlogPost, CaseStudy, PageEntry, Service } from '../schemas.ts';

/** The home page: promise, services, featured work, newest insights, partners, testimonials. */
export function HomePage({ entry, html, catalogue, site }: PageProps<PageEntry>) {
  const { data } = entry;
  const services = catalogue.collection<Service>('services');
  const featured = (data.featured ?? []).flatMap((ref) => catalogue.resolve<CaseStudy>(ref) ?? []).filter((e) => !e.hidden);
  const newest = catalogue.collection<BlogPost>('blogs', { order: 'newest' }).slice(0, 3);
  return (
    <>
      <PageHero data={data} lead={data.description}>
        <div className="hero-actions">
          <a className="button button-accent" href="/contact">
            Book a free consultation <Icon name="arrow_forward" size="xs" />
          </a>
          <a className="button button-ghost" href="/projects">
            See our work
          </a>
        </div>
      </PageHero>
      <section className="section container home-intro">
        <Prose html={html} />
      </section>
      <section className="section section-tinted" aria-labelledby="services-title">
        <div className="container">
          <div className="section-head">
            <h2 id="services-title">Services</h2>
            <a href="/services">All services</a>
          </div>
          <div className="card-grid">
            {services.map((service) => (
              <ServiceCard key={service.url} entry={service} />
            ))}
          </div>
        </div>
      </section>
      {featured.length ? (
        <section className="section container" aria-labelledby="work-title">
          <div className="section-head">
            <h2 id="work-title">Recent work</h2>
            <a href="/projects">All case studies</a>
          </div>
          <div className="card-grid">
            {featured.map((project) => (
              <CaseStudyCard key={project.url} entry={project} />
            ))}
          </div>
        </section>
      ) : null}
      {data.testimonials?.length ? (
        <section className="section section-dark" aria-labelledby="clients-title">
          <div className="container">
            <h2 id="clients-title">What clients say</h2>
            <div className="quote-grid">
              {data.testimonials.map((t) => (
                <figure key={t.name} className="quote">
                  <blockquote>
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption>
                    <strong>{t.name}</strong>, {t.role}, {t.company}
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>
      ) : null}
      <section className="section container" aria-labelledby="insights-title">
        <div className="section-head">
          <h2 id="insights-title">Newest insights</h2>
          <a href="/blogs">All insights</a>
        </div>
        <div className="card-grid">
          {newest.map((post) => (
            <ArticleCard key={post.url} entry={post} authorName={authorOf(post, catalogue, site).name} />
          ))}
        </div>
      </section>
      {data.partners?.length ? (
        <section className="section section-tinted" aria-labelledby="partners-title">
          <div className="container">
            <h2 id="partners-title">Platforms we work with</h2>
            <ul className="partner-list">
              {data.partners.map((partner) => (
                <li key={partner.name}>
                  <img src={partner.image} alt={partner.name} width={240} height={80} loading="lazy" decoding="async" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}
