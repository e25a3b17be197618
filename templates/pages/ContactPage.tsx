import type { PageProps } from 'stillsite';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Prose } from '../components/Prose.tsx';
import { identity } from '../identity.ts';
import type { PageEntry } from '../schemas.ts';

/** The contact page: banner, how a free consultation works, and the ways to reach us. */
export function ContactPage({ entry, html }: PageProps<PageEntry>) {
  return (
    <>
      <PageHero data={entry.data} lead={entry.data.description} />
      <div className="container page-body contact-layout">
        <Prose html={html} />
        <aside className="contact-card" aria-labelledby="reach-us">
          <h2 id="reach-us">Reach us</h2>
          <p>We answer every message within one business day.</p>
          <a className="button button-primary" href={`mailto:${identity.email}?subject=Free%20consultation`}>
            <Icon name="mail" size="xs" />
            {identity.email}
          </a>
          <a className="button button-secondary" href={identity.linkedIn} target="_blank" rel="noopener noreferrer">
            <Icon name="linkedin" size="xs" />
            Kestrel Point on LinkedIn
          </a>
        </aside>
      </div>
    </>
  );
}
