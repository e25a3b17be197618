import { SiteConfigError, type ClientRuntime } from 'stillsite';

/** The environment variable that builds the site's islands on another runtime, for one build. */
export const CLIENT_RUNTIME_ENV = 'SITE_CLIENT_RUNTIME';

/**
 * What runs the firm's islands in the browser: React, unless `SITE_CLIENT_RUNTIME=preact` asks
 * for preact/compat for one build (the browser tests run the islands on both).
 */
export function resolveClientRuntime(env: NodeJS.ProcessEnv = process.env): ClientRuntime {
  const value = (env[CLIENT_RUNTIME_ENV] ?? '').trim();
  if (value === '' || value === 'react') return 'react';
  if (value === 'preact') return 'preact';
  throw new SiteConfigError(`${CLIENT_RUNTIME_ENV}: expected "react" or "preact", found ${JSON.stringify(value)}.`);
}
