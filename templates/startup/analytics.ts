import { NAVIGATED_EVENT } from 'stillsite/client';
import {
  CONFIG_OPTIONS,
  CONSENT_DEFAULTS,
  MEASUREMENT_ID_META,
  clearAnalyticsCookies,
  installGtag,
  loadGoogleTag,
  setMeasurementDisabled,
} from '../analytics/google-tag.ts';
import { CONSENT_KEY, readConsent, type ConsentChoice } from '../consent-values.ts';
import { CONSENT_EVENT, type ConsentEventDetail } from './consent-api.ts';

/**
 * The analytics startup module, registered only when the site has a measurement id. It runs
 * before every other startup module, so consent mode's defaults (all denied) are the first thing
 * in the Google tag's queue; the tag itself is loaded only once the visitor has accepted, on this
 * page or on an earlier visit.
 */
const measurementId = document.querySelector<HTMLMetaElement>(`meta[name="${MEASUREMENT_ID_META}"]`)?.content;

if (measurementId) startAnalytics(measurementId);

function startAnalytics(id: string): void {
  const gtag = installGtag();
  gtag('consent', 'default', CONSENT_DEFAULTS);
  // With ad_storage denied, ad-click identifiers are kept out of the requests as well.
  gtag('set', 'ads_data_redaction', true);

  let granted = false;
  let loaded = false;
  let lastLocation = location.href;

  const apply = (choice: ConsentChoice | null) => {
    if (choice === 'granted' && !granted) {
      granted = true;
      setMeasurementDisabled(id, false);
      gtag('consent', 'update', { analytics_storage: 'granted' });
      if (!loaded) {
        loaded = true;
        gtag('js', new Date());
        // `config` sends the page view of the page the visitor is on.
        gtag('config', id, CONFIG_OPTIONS);
        loadGoogleTag(id);
      } else {
        gtag('event', 'page_view', { page_location: location.href, page_title: document.title });
      }
    } else if (choice !== 'granted' && granted) {
      // Withdrawn: the tag cannot be unloaded, so it is told, switched off, and its cookies go.
      granted = false;
      gtag('consent', 'update', { analytics_storage: 'denied' });
      setMeasurementDisabled(id, true);
      clearAnalyticsCookies();
    }
  };

  apply(storedChoice());
  // The banner (now, or reopened from "Privacy & Cookies") announces every choice.
  window.addEventListener(CONSENT_EVENT, (event) => apply((event as CustomEvent<ConsentEventDetail>).detail.value));
  // A choice made in another tab of the site applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === CONSENT_KEY || event.key === null) apply(storedChoice());
  });
  // Client-side navigations swap <main> without a page load; each one is a page view of its own.
  window.addEventListener(NAVIGATED_EVENT, () => {
    const referrer = lastLocation;
    lastLocation = location.href;
    if (granted) gtag('event', 'page_view', { page_location: location.href, page_title: document.title, page_referrer: referrer });
  });
}

function storedChoice(): ConsentChoice | null {
  try {
    return readConsent(localStorage);
  } catch {
    // Storage can be off (private modes, policies): no stored choice, so nothing loads.
    return null;
  }
}
