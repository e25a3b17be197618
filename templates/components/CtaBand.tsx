import { Icon } from './Icon.tsx';

/** The free-consultation call to action at the foot of every page but Contact. */
export function CtaBand() {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-title">Talk to an engineer, not a salesperson</h2>
          <p>A free one-hour consultation: bring the problem, leave with a plan you can use whether or not you hire us.</p>
        </div>
        <a className="button button-accent" href="/contact">
          Book a free consultation
          <Icon name="arrow_forward" size="xs" />
        </a>
      </div>
    </section>
  );
}
