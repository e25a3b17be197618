import type { Entry } from 'stillsite';
import type { BlogPost, CaseStudy, Service, TeamMember } from '../schemas.ts';
import { TAG_LABELS } from '../tags.ts';
import { formatDate } from '../lib/format.ts';
import { Icon } from './Icon.tsx';
import { Img } from './Img.tsx';

/** How wide a card's image is drawn: one card a row on phones, two from 600 px, three from 1024 px (see .card-grid). */
const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 600px) 50vw, 100vw';

/** A case study as a card: cover, client, title, summary, tags. */
export function CaseStudyCard({ entry, headingLevel = 3 }: { entry: Entry<CaseStudy>; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const { data } = entry;
  return (
    <article className="card">
      {data.image ? <Img src={data.image.path} alt="" className="card-image" sizes={CARD_SIZES} /> : null}
      <div className="card-body">
        <p className="card-kicker">{data.clients.map((client) => client.name).join(', ')}</p>
        <Heading className="card-title">
          <a href={entry.url} className="card-link">
            {data.title}
          </a>
        </Heading>
        <p>{data.description}</p>
        <ul className="tag-list" aria-label="Tags">
          {data.tags.map((tag) => (
            <li key={tag} className="tag">
              {TAG_LABELS[tag]}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/** A service as a card: icon, title, summary. */
export function ServiceCard({ entry, headingLevel = 3 }: { entry: Entry<Service>; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card card-service">
      <div className="card-body">
        {entry.data.icon ? (
          <img src={entry.data.icon.url} alt="" width={48} height={48} className="service-icon" loading="lazy" decoding="async" />
        ) : null}
        <Heading className="card-title">
          <a href={entry.url} className="card-link">
            {entry.data.title}
          </a>
        </Heading>
        <p>{entry.data.description}</p>
        <span className="card-more" aria-hidden="true">
          Learn more <Icon name="arrow_forward" size="xs" />
        </span>
      </div>
    </article>
  );
}

/** An article as a card: date, title, summary. */
export function ArticleCard({ entry, authorName, headingLevel = 3 }: { entry: Entry<BlogPost>; authorName: string; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const { data } = entry;
  return (
    <article className="card">
      {data.image ? <Img src={data.image.path} alt="" className="card-image" sizes={CARD_SIZES} /> : null}
      <div className="card-body">
        <p className="card-kicker">
          <time dateTime={data.createdDate}>{formatDate(data.createdDate)}</time> · {authorName}
        </p>
        <Heading className="card-title">
          <a href={entry.url} className="card-link">
            {data.title}
          </a>
        </Heading>
        <p>{data.description}</p>
      </div>
    </article>
  );
}

/** A team member as a card: portrait, name, role, tagline. */
export function TeamCard({ entry, headingLevel = 2 }: { entry: Entry<TeamMember>; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const { data } = entry;
  return (
    <article className="card card-person">
      {data.image ? (
        <Img
          src={data.image.path}
          alt={data.image.alt}
          className="portrait"
          sizes="(min-width: 1024px) 23vw, (min-width: 600px) 50vw, 100vw"
        />
      ) : null}
      <div className="card-body">
        <Heading className="card-title">
          <a href={entry.url} className="card-link">
            {data.name}
          </a>
        </Heading>
        <p className="card-kicker">{data.jobTitle}</p>
        <p>{data.tagline}</p>
      </div>
    </article>
  );
}
