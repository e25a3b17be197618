import { describe, expect, it } from 'vitest';
import { allowsInlineStyle, BASE_CSP, buildCsp, CspConfigError, serializeCsp } from '../../src/security/csp.ts';
import { securityHeaders } from '../../src/security/headers.ts';

describe('buildCsp', () => {
  it('is strict without additions: nothing by default, same-origin scripts and styles, no plugins, base, framing or foreign forms', () => {
    const policy = serializeCsp(buildCsp());
    expect(policy).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(policy).not.toMatch(/unsafe/);
  });

  it("adds a site's sources to its directives, once each, and drops 'none' from a directive that gains sources", () => {
    const policy = buildCsp({
      'img-src': ['https://img.example', "'self'"],
      'media-src': ['https://video.example'],
      'frame-src': ['https://maps.example'],
    });
    expect(policy.get('img-src')).toEqual(["'self'", 'https://img.example']);
    expect(policy.get('media-src')).toEqual(['https://video.example']);
    expect(policy.get('frame-src')).toEqual(['https://maps.example']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
  });

  it('does not change the base policy it starts from', () => {
    buildCsp({ 'img-src': ['https://img.example'] });
    expect(BASE_CSP['img-src']).toEqual(["'self'"]);
  });

  it('adds the hashes of inline scripts and styles', () => {
    const policy = buildCsp({}, { scripts: ["'sha256-abc='"], styles: ["'sha256-def='"] });
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'sha256-def='"]);
  });

  it("leaves style hashes out when the site allowed 'unsafe-inline' styles, which hashes would switch off", () => {
    const policy = buildCsp({ 'style-src': ["'unsafe-inline'"] }, { scripts: [], styles: ["'sha256-def='"] });
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(allowsInlineStyle(policy)).toBe(true);
    expect(allowsInlineStyle(buildCsp())).toBe(false);
  });

  it.each([
    ['script-src', "'unsafe-inline'"],
    ['script-src', "'UNSAFE-EVAL'"],
    ['script-src', 'https:'],
    ['script-src', '*'],
    ['script-src', 'data:'],
    ['default-src', "'unsafe-inline'"],
    ['object-src', '*'],
    ['base-uri', 'https:'],
  ])('refuses %s %s, naming the directive and the source', (directive, source) => {
    expect(() => buildCsp({ [directive]: [source] })).toThrow(CspConfigError);
    expect(() => buildCsp({ [directive]: [source] })).toThrow(`security.csp["${directive}"]: ${source}`);
  });

  it.each([
    ['img-src', 'https://a.example; script-src *', 'one source without spaces'],
    ['img-src', 'https://a.example https://b.example', 'one source without spaces'],
    ['img-src', 'https://a.example,https://b.example', 'one source without spaces'],
    ['Img Src', 'https://a.example', 'a directive name'],
  ])('refuses a malformed addition: %s %s', (directive, source, expected) => {
    expect(() => buildCsp({ [directive]: [source] })).toThrow(expected);
  });
});

describe('securityHeaders', () => {
  const headers = new Map(securityHeaders());

  it('sends HSTS for two years with subdomains, and preload only when the site asks', () => {
    expect(headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
    expect(new Map(securityHeaders({ hstsPreload: true })).get('Strict-Transport-Security')).toBe(
      'max-age=63072000; includeSubDomains; preload',
    );
  });

  it('forbids sniffing, framing, cross-origin embedding, full referrers and unused browser features', () => {
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('Permissions-Policy')).toMatch(/(^|, )camera=\(\)/);
    expect(headers.get('Permissions-Policy')).toMatch(/(^|, )geolocation=\(\)/);
    expect(headers.get('Permissions-Policy')).toMatch(/^([a-z-]+=\(\))(, [a-z-]+=\(\))*$/);
  });

  it('sends Cross-Origin-Opener-Policy only when the site asks for it', () => {
    expect(headers.has('Cross-Origin-Opener-Policy')).toBe(false);
    expect(new Map(securityHeaders({ crossOriginOpenerPolicy: 'same-origin' })).get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  });

  it("carries the site's CSP additions", () => {
    const csp = new Map(securityHeaders({ csp: { 'connect-src': ['https://*.analytics.example'] } })).get('Content-Security-Policy');
    expect(csp).toContain("connect-src 'self' https://*.analytics.example");
  });
});
