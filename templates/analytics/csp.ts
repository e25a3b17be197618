/** Content-Security-Policy sources, by directive, in the shape the site definition's `security.csp` takes. */
export type CspSources = Partial<Record<string, string[]>>;

/**
 * What the Google tag for Google Analytics 4 needs, as Google's CSP guide lists it
 * (developers.google.com/tag-platform/security/guides/csp, "Google Analytics 4"): the tag comes from
 * googletagmanager.com and measurements go to google-analytics.com and analytics.google.com (regional
 * hosts such as region1.google-analytics.com, hence the wildcards). Google signals, which would need
 * doubleclick.net and google.com as well, are switched off in the tag's config.
 */
export const ANALYTICS_CSP: Readonly<CspSources> = {
  'script-src': ['https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** The extra CSP sources a build needs: Google's hosts with a measurement id, none without. */
export function analyticsCsp(measurementId: string | undefined): CspSources {
  return measurementId ? (structuredClone(ANALYTICS_CSP) as CspSources) : {};
}
