import { useLayoutEffect, useRef, useState } from 'react';
import { CONSENT_KEY, readConsent, type ConsentChoice } from '../consent-values.ts';
import '../startup/consent-api.ts';

/**
 * The cookie banner (templates/README.md, "Consent and the cookie banner"): shown while no
 * choice is stored; Accept and Decline store the choice, call the analytics action and hide it;
 * the footer can reopen it.
 */
export default function CookieBanner({ privacyHref }: { privacyHref: string }) {
  const [open, setOpen] = useState(false);
  const firstButton = useRef<HTMLButtonElement>(null);
  const focusWhenOpen = useRef(false);

  // Layout effects run as hydration commits, before the page is marked ready or painted: the
  // footer link can reopen the banner from its first click, and focus lands in the same frame
  // as the banner appears (plain effects wait for a paint, which a quick visitor can beat).
  useLayoutEffect(() => {
    if (safeRead() === null) setOpen(true);
    const api = window.siteConsent;
    if (!api) return;
    api.reopen = () => {
      focusWhenOpen.current = true;
      setOpen(true);
    };
    return () => {
      api.reopen = undefined;
    };
  }, []);

  useLayoutEffect(() => {
    if (open && focusWhenOpen.current) {
      focusWhenOpen.current = false;
      firstButton.current?.focus();
    }
  }, [open]);

  const choose = (value: ConsentChoice) => {
    try {
      localStorage.setItem(CONSENT_KEY, value);
    } catch {
      // Storage can be off (private modes, policies); the choice still applies to this page.
    }
    if (value === 'granted') window.siteConsent?.accept();
    else window.siteConsent?.decline();
    setOpen(false);
  };

  return (
    <section className="cookie-banner" aria-label="Cookie consent" hidden={!open}>
      <p>
        We use cookies for analytics. Please opt in to help us improve. <a href={privacyHref}>Read our privacy policy</a>.
      </p>
      <div className="cookie-actions">
        <button type="button" className="button button-secondary" ref={firstButton} onClick={() => choose('denied')}>
          Decline
        </button>
        <button type="button" className="button button-primary" onClick={() => choose('granted')}>
          Accept
        </button>
      </div>
    </section>
  );
}

function safeRead(): ConsentChoice | null {
  try {
    return readConsent(localStorage);
  } catch {
    return null;
  }
}
