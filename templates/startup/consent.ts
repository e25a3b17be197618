import { hydrateIsland } from 'stillsite/client';
import { CONSENT_KEY, readConsent } from '../consent-values.ts';
import { CONSENT_EVENT, type ConsentApi, type ConsentEventDetail } from './consent-api.ts';

/**
 * The analytics-consent startup module. It owns the accept and decline actions, shows the cookie
 * banner and has it hydrated at once while no choice is stored (a visitor who has chosen never
 * loads its code, unless they reopen it), and makes the footer's "Privacy & Cookies"
 * link reopen the banner: through the banner's reopen capability, hydrating the banner first if
 * it has not been yet, else by clearing the stored choice and reloading
 * (templates/README.md, "Consent and the cookie banner").
 */
const announce = (value: ConsentEventDetail['value']) =>
  window.dispatchEvent(new CustomEvent<ConsentEventDetail>(CONSENT_EVENT, { detail: { value } }));

const api: ConsentApi = {
  accept: () => announce('granted'),
  decline: () => announce('denied'),
};
window.siteConsent = api;

const banner = document.querySelector<HTMLElement>('.cookie-banner');
if (banner && storedChoice() === null) {
  banner.hidden = false;
  // At once, not when the observer next reports it visible: the visitor is about to answer it.
  hydrateIsland(banner).catch((error: unknown) => console.error(error));
}

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('[data-consent-reopen]');
  if (!link) return;
  event.preventDefault();
  const reopen = () => {
    if (typeof window.siteConsent?.reopen === 'function') return window.siteConsent.reopen();
    try {
      localStorage.removeItem(CONSENT_KEY);
    } finally {
      location.reload();
    }
  };
  const island = banner?.closest('[data-island]');
  if (typeof window.siteConsent?.reopen === 'function' || !island || island.hasAttribute('data-hydrated')) return reopen();
  hydrateIsland(island).then(reopen, reopen);
});

function storedChoice() {
  try {
    return readConsent(localStorage);
  } catch {
    // Storage can be off (private modes, policies): no stored choice, so the banner asks.
    return null;
  }
}
