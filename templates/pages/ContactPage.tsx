import { Island, type PageProps } from 'stillsite';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Prose } from '../components/Prose.tsx';
import { FORM_ENDPOINT } from '../contact/form-endpoint.ts';
import { identity } from '../identity.ts';
import ConsultationForm from '../islands/ConsultationForm.tsx';
import type { PageEntry } from '../schemas.ts';

/** Where a form service sends a visitor back to after a post without JavaScript (content/contact/thanks.md). */
export const THANKS_PATH = '/contact/thanks';
/** Its file, which a build without the form leaves out (see site.ts). */
export const THANKS_FILE = 'contact/thanks.md';
const PRIVACY_HREF = '/privacy-policy';

/**
 * The contact page: banner, the consultation request form when the build has a form endpoint,
 * the other ways to reach us, and how a free consultation works. Without an endpoint it shows
 * only the e-mail and LinkedIn, as before the form existed.
 */
export function ContactPage({ entry, html, catalogue, site }: PageProps<PageEntry>) {
  const formEndpoint = FORM_ENDPOINT;
  const reachUs = <ReachUs heading={formEndpoint ? 'Or reach us directly' : 'Reach us'} />;
  if (!formEndpoint) {
    return (
      <>
        <PageHero data={entry.data} lead={entry.data.description} />
        <div className="container page-body contact-layout">
          <Prose html={html} />
          {reachUs}
        </div>
      </>
    );
  }
  const services = catalogue.collection('services').map((service) => service.data.title);
  return (
    <>
      <PageHero data={entry.data} lead={entry.data.description} />
      <div className="container page-body contact-layout">
        {/* Above the other ways to reach us: the form is what the page is for. */}
        <section className="consult-card" aria-labelledby="consult-heading">
          <h2 id="consult-heading">Request a free consultation</h2>
          <p className="consult-lead">Tell us a little about your project. A senior engineer replies within one business day.</p>
          {/* Hydrated when it comes into view, or at once when reached for: the form posts without it all the same. */}
          <Island
            name="ConsultationForm"
            component={ConsultationForm}
            props={{ endpoint: formEndpoint, email: identity.email, services, nextUrl: site.url(THANKS_PATH), privacyHref: PRIVACY_HREF }}
            hydrate="visible"
          />
        </section>
        {reachUs}
        <Prose html={html} />
      </div>
    </>
  );
}

/** The e-mail address and LinkedIn, as the page offered them before it had a form. */
function ReachUs({ heading }: { heading: string }) {
  return (
    <aside className="contact-card" aria-labelledby="reach-us">
      <h2 id="reach-us">{heading}</h2>
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
  );
}
