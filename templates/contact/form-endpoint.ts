import { SiteConfigError } from 'stillsite';
import type { CspSources } from '../analytics/csp.ts';
import { identity } from '../identity.ts';

/** The environment variable that sets the consultation form's endpoint for one build (`none` removes the form). */
export const FORM_ENDPOINT_ENV = 'SITE_FORM_ENDPOINT';

/** Hosts a test's capture server runs on: the only ones an `http:` endpoint may name. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The endpoint the consultation form posts to in this build: `SITE_FORM_ENDPOINT` when set (`none`
 * or an empty value: no form), else the one configured in templates/identity.ts, else none. A
 * malformed endpoint, or one a visitor's request would reach unencrypted, stops the build: a form
 * that posts nowhere, or in the clear, is worse than no form. Plain `http:` is accepted for a
 * loopback host only, where the browser tests run their stand-in for the form service.
 */
export function resolveFormEndpoint(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env[FORM_ENDPOINT_ENV];
  const source = fromEnv === undefined ? 'templates/identity.ts, field formEndpoint' : FORM_ENDPOINT_ENV;
  const value = (fromEnv ?? configured ?? '').trim();
  if (value === '' || value.toLowerCase() === 'none') return undefined;
  const problem = endpointProblem(value);
  if (problem) {
    throw new SiteConfigError(
      `${source}: expected the https:// address of the form service that receives the consultation requests, such as https://formspree.io/f/abcd1234 (or "none"), found ${JSON.stringify(value)}: ${problem}.`,
    );
  }
  return new URL(value).href;
}

/** What is wrong with an endpoint, or undefined when it will do. */
function endpointProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    return 'plain http would send what visitors type unencrypted (http is accepted only for 127.0.0.1 and localhost, for tests)';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `the scheme is ${url.protocol.slice(0, -1)}, not https`;
  if (url.username || url.password) return 'it carries a user name or password, which every visitor could read in the page';
  // The origin goes into form-action and connect-src as it is: a `*` there admits every host it stands for.
  if (url.hostname.includes('*')) return `the host ${url.hostname} is a wildcard, which would let the form post to any host it matches`;
  if (url.hash) return 'it has a #fragment, which a form post drops';
  return undefined;
}

/**
 * The Content-Security-Policy sources the form needs: its service's origin for `form-action` (the
 * post with JavaScript off) and `connect-src` (the island's fetch), and nothing without a form.
 */
export function formCsp(endpoint: string | undefined): CspSources {
  if (!endpoint) return {};
  const { origin } = new URL(endpoint);
  return { 'form-action': [origin], 'connect-src': [origin] };
}

/** Sources of several additions, merged directive by directive without repeats. */
export function mergeCsp(...parts: CspSources[]): CspSources {
  const merged: CspSources = {};
  for (const part of parts) {
    for (const [directive, sources] of Object.entries(part))
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...(sources ?? [])])];
  }
  return merged;
}

/** This build's endpoint, resolved once as the site loads (a bad one stops the build there), or undefined: no form. */
export const FORM_ENDPOINT = resolveFormEndpoint(identity.formEndpoint);
