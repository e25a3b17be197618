import { describe, expect, it } from 'vitest';
import { ANALYTICS_CSP, analyticsCsp } from '../../templates/analytics/csp.ts';
import { isAnalyticsCookie } from '../../templates/analytics/google-tag.ts';
import { MEASUREMENT_ID_ENV, resolveMeasurementId } from '../../templates/analytics/measurement-id.ts';

describe('resolveMeasurementId', () => {
  it.each([
    ['nothing configured, nothing in the environment', undefined, {}, undefined],
    ['the configured id', 'G-AB12CD34EF', {}, 'G-AB12CD34EF'],
    ['the environment over the configured id', 'G-AB12CD34EF', { [MEASUREMENT_ID_ENV]: 'G-TEST12345' }, 'G-TEST12345'],
    ['the environment without a configured id', undefined, { [MEASUREMENT_ID_ENV]: ' G-TEST12345 ' }, 'G-TEST12345'],
    ['"none" turning a configured id off', 'G-AB12CD34EF', { [MEASUREMENT_ID_ENV]: 'none' }, undefined],
    ['an empty value turning a configured id off', 'G-AB12CD34EF', { [MEASUREMENT_ID_ENV]: '' }, undefined],
  ])('%s', (_case, configured, env, expected) => {
    expect(resolveMeasurementId(configured, env)).toBe(expected);
  });

  it.each([['UA-1234567-1'], ['G-'], ['g-ab12cd34ef'], ['G-AB12 CD34'], ['GTM-ABC123'], ['G-AB12CD34EF"><script>']])(
    'rejects %j, naming the variable and the expected form',
    (value) => {
      expect(() => resolveMeasurementId(undefined, { [MEASUREMENT_ID_ENV]: value })).toThrow(
        `SITE_GA_ID: expected a Google Analytics 4 measurement id such as G-AB12CD34EF (or "none"), found ${JSON.stringify(value.trim())}.`,
      );
    },
  );

  it('names templates/identity.ts when the configured id is the malformed one', () => {
    expect(() => resolveMeasurementId('UA-1-1', {})).toThrow(/^the measurement id in templates\/identity\.ts: .* found "UA-1-1"\.$/);
  });
});

describe('analyticsCsp', () => {
  it('adds nothing without a measurement id', () => {
    expect(analyticsCsp(undefined)).toEqual({});
  });

  it("adds Google's hosts for Google Analytics 4 with one, as a copy the caller may change", () => {
    const sources = analyticsCsp('G-TEST12345');
    expect(sources).toEqual({
      'script-src': ['https://*.googletagmanager.com'],
      'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
      'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    });
    sources['script-src']!.push('https://evil.example');
    expect(ANALYTICS_CSP['script-src']).toEqual(['https://*.googletagmanager.com']);
  });
});

describe('isAnalyticsCookie', () => {
  it.each([
    ['_ga', true],
    ['_ga_TEST12345', true],
    ['_gid', true],
    ['_gat_UA-1', true],
    ['_gac_x', false],
    ['ga', false],
    ['session', false],
    ['_gallery', false],
    ['_gateway', false],
    ['_gat', true],
  ])('%s → %s', (name, expected) => {
    expect(isAnalyticsCookie(name)).toBe(expected);
  });
});
