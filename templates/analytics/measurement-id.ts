import { SiteConfigError } from 'stillsite';
/** The environment variable that sets the measurement id for one build, or turns analytics off with `none`. */
export const MEASUREMENT_ID_ENV = 'SITE_GA_ID';

/** A Google Analytics 4 measurement id: `G-` and upper-case letters and digits (Universal Analytics' `UA-` ids are gone). */
const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

/**
 * The measurement id this build uses: `SITE_GA_ID` when set (`none` or an empty value: no
 * analytics), else the one configured for the site, else none. A malformed id stops the build
 * rather than shipping a tag that measures nothing.
 */
export function resolveMeasurementId(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env[MEASUREMENT_ID_ENV];
  const source = fromEnv === undefined ? 'the measurement id in templates/identity.ts' : MEASUREMENT_ID_ENV;
  const value = (fromEnv ?? configured ?? '').trim();
  if (value === '' || value.toLowerCase() === 'none') return undefined;
  if (!MEASUREMENT_ID.test(value)) {
    throw new SiteConfigError(
      `${source}: expected a Google Analytics 4 measurement id such as G-AB12CD34EF (or "none"), found ${JSON.stringify(value)}.`,
    );
  }
  return value;
}
