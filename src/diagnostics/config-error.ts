/**
 * A mistake in the site's configuration (a bad setting or environment variable), as opposed to a
 * bug: the CLI prints its message alone, without a stack trace, and exits 1.
 */
export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}
