/**
 * The Google tag (gtag.js) for Google Analytics 4, driven by hand so that consent comes first.
 * Browser code; it ships only in builds with a measurement id, as part of the analytics startup module.
 */

/** Where Google serves the tag; `?id=` names the measurement id. */
export const GOOGLE_TAG_URL = 'https://www.googletagmanager.com/gtag/js';

/** The `<meta name>` through which the build hands the measurement id to the browser (no inline script needed). */
export const MEASUREMENT_ID_META = 'ga-measurement-id';

export type ConsentState = 'granted' | 'denied';

/** Consent mode v2 signals. The banner asks about analytics only, so only `analytics_storage` ever changes. */
export interface ConsentSignals {
  ad_storage: ConsentState;
  ad_user_data: ConsentState;
  ad_personalization: ConsentState;
  analytics_storage: ConsentState;
}

/** Every page starts here, before the tag could exist: nothing may be stored or sent. */
export const CONSENT_DEFAULTS: ConsentSignals = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
};

/**
 * Settings for `gtag('config', id, …)`. The site runs no advertising and the visitor agreed to
 * analytics only, so Google signals (cross-device, ads reporting) and ad personalization stay off.
 */
export const CONFIG_OPTIONS = { allow_google_signals: false, allow_ad_personalization_signals: false } as const;

export type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Google's command queue: `window.dataLayer` and the `gtag()` that feeds it, as Google's own snippet defines them. */
export function installGtag(): Gtag {
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the queue, not arrays: this must stay a plain function.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: see above.
    window.dataLayer!.push(arguments);
  };
  return window.gtag;
}

/** Adds the Google tag's script element; the queue is processed once it arrives. */
export function loadGoogleTag(measurementId: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GOOGLE_TAG_URL}?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
  return script;
}

/**
 * Google's documented switch that stops gtag.js from sending anything for one measurement id,
 * even after it has loaded: the only way to stop measurement in a page where the tag already runs.
 */
export function setMeasurementDisabled(measurementId: string, disabled: boolean): void {
  (window as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = disabled;
}

/** True for the first-party cookies Google Analytics sets: `_ga`, `_ga_<container>`, and the older `_gid` and `_gat`. */
export function isAnalyticsCookie(name: string): boolean {
  return name === '_ga' || name.startsWith('_ga_') || name === '_gid' || name === '_gat' || name.startsWith('_gat_');
}

/**
 * Deletes the analytics cookies after consent is withdrawn. gtag.js sets them on the widest domain
 * it may (`.example.com` for `www.example.com`), and a cookie is deleted only with the domain it was
 * set with, so every parent domain of the host is tried, plus the host-only form.
 */
export function clearAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(isAnalyticsCookie);
  const labels = location.hostname.split('.');
  const domains = labels.map((_, index) => labels.slice(index).join('.'));
  for (const name of names) {
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: expiring a cookie on every parent domain needs document.cookie; the Cookie Store API is not in every browser.
    document.cookie = expired;
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    for (const domain of domains) document.cookie = `${expired}; domain=${domain}`;
  }
}
