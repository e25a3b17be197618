import type { ConsentChoice } from '../consent-values.ts';

/** The analytics-consent module's actions, shared on `window.siteConsent`. */
export interface ConsentApi {
  /** The analytics accept action: the visitor opted in. */
  accept(): void;
  /** The analytics decline action: the visitor opted out. */
  decline(): void;
  /** Shows the banner again; set by the banner while it is on the page. */
  reopen?: () => void;
}

/** Fired on `window` when the visitor makes or changes a choice. */
export const CONSENT_EVENT = 'site:consent';

export interface ConsentEventDetail {
  value: ConsentChoice;
}

declare global {
  interface Window {
    siteConsent?: ConsentApi;
  }
}
