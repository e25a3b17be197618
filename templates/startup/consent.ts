import { CONSENT_KEY } from '../consent-values.ts';
import { CONSENT_EVENT, type ConsentApi, type ConsentEventDetail } from './consent-api.ts';

/**
 * The analytics-consent startup module. It owns the accept and decline actions and makes the
 * footer's "Privacy & Cookies" link reopen the banner: through the banner's reopen capability
 * when the banner is there, else by clearing the stored choice and reloading (SPEC §4).
 */
const announce = (value: ConsentEventDetail['value']) =>
  window.dispatchEvent(new CustomEvent<ConsentEventDetail>(CONSENT_EVENT, { detail: { value } }));

const api: ConsentApi = {
  accept: () => announce('granted'),
  decline: () => announce('denied'),
};
window.siteConsent = api;

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('[data-consent-reopen]');
  if (!link) return;
  event.preventDefault();
  if (typeof window.siteConsent?.reopen === 'function') {
    window.siteConsent.reopen();
    return;
  }
  try {
    localStorage.removeItem(CONSENT_KEY);
  } finally {
    location.reload();
  }
});
