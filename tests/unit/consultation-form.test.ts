import { describe, expect, it } from 'vitest';
import { FORM_ENDPOINT_ENV, formCsp, mergeCsp, resolveFormEndpoint } from '../../templates/contact/form-endpoint.ts';
import { checkAll, checkField, mailtoWith, MIN_FILL_MS, spamReason } from '../../templates/lib/consultation.ts';

describe('resolveFormEndpoint', () => {
  it.each([
    ['nothing configured, nothing in the environment', undefined, {}, undefined],
    ['the configured endpoint', 'https://formspree.io/f/abcd1234', {}, 'https://formspree.io/f/abcd1234'],
    [
      'the environment over the configured endpoint',
      'https://formspree.io/f/abcd1234',
      { [FORM_ENDPOINT_ENV]: ' https://usebasin.com/f/xyz ' },
      'https://usebasin.com/f/xyz',
    ],
    ['"none" turning a configured endpoint off', 'https://formspree.io/f/abcd1234', { [FORM_ENDPOINT_ENV]: 'none' }, undefined],
    ['an empty value turning a configured endpoint off', 'https://formspree.io/f/abcd1234', { [FORM_ENDPOINT_ENV]: '' }, undefined],
    [
      'plain http on the loopback address, for tests',
      undefined,
      { [FORM_ENDPOINT_ENV]: 'http://127.0.0.1:4321/f/test' },
      'http://127.0.0.1:4321/f/test',
    ],
    ['plain http on localhost, for tests', undefined, { [FORM_ENDPOINT_ENV]: 'http://localhost:4321/f' }, 'http://localhost:4321/f'],
  ])('%s', (_case, configured, env, expected) => {
    expect(resolveFormEndpoint(configured, env)).toBe(expected);
  });

  it.each([
    ['formspree.io/f/abcd1234', 'not an absolute URL'],
    ['http://formspree.io/f/abcd1234', 'plain http would send what visitors type unencrypted'],
    ['http://127.0.0.1.example/f', 'plain http would send what visitors type unencrypted'],
    ['ftp://forms.example/f', 'the scheme is ftp, not https'],
    ['javascript:alert(1)', 'the scheme is javascript, not https'],
    ['https://user:secret@forms.example/f', 'it carries a user name or password'],
    ['https://forms.example/f#top', 'it has a #fragment'],
  ])('stops the build on %j, naming the variable, the expected form and what is wrong', (value, problem) => {
    expect(() => resolveFormEndpoint(undefined, { [FORM_ENDPOINT_ENV]: value })).toThrow(
      `SITE_FORM_ENDPOINT: expected the https:// address of the form service that receives the consultation requests, such as https://formspree.io/f/abcd1234 (or "none"), found ${JSON.stringify(value)}: ${problem}`,
    );
  });

  it('names the file and field when the configured endpoint is the malformed one', () => {
    expect(() => resolveFormEndpoint('http://forms.example/f', {})).toThrow(
      /^templates\/identity\.ts, field formEndpoint: expected .* found "http:\/\/forms\.example\/f": plain http/,
    );
  });
});

describe('formCsp', () => {
  it('adds nothing without a form', () => {
    expect(formCsp(undefined)).toEqual({});
  });

  it("admits the endpoint's origin, and only it, for form posts and requests", () => {
    expect(formCsp('https://formspree.io/f/abcd1234?x=1')).toEqual({
      'form-action': ['https://formspree.io'],
      'connect-src': ['https://formspree.io'],
    });
    expect(formCsp('http://127.0.0.1:4321/f/test')).toEqual({
      'form-action': ['http://127.0.0.1:4321'],
      'connect-src': ['http://127.0.0.1:4321'],
    });
  });

  it('merges with the analytics sources without repeating one', () => {
    expect(
      mergeCsp(
        { 'connect-src': ['https://a.example'], 'img-src': ['https://b.example'] },
        { 'connect-src': ['https://c.example', 'https://a.example'] },
      ),
    ).toEqual({
      'connect-src': ['https://a.example', 'https://c.example'],
      'img-src': ['https://b.example'],
    });
  });
});

describe('checking the fields', () => {
  const valid = { name: 'Dana', email: 'dana@harbor.example', company: '', service: 'Big Data Analytics', message: 'Hello' };

  it.each([
    ['name', '  ', 'Enter your name.'],
    ['email', '', 'Enter your work e-mail address.'],
    ['email', 'dana', 'Enter an e-mail address like name@company.com.'],
    ['email', 'dana@harbor', 'Enter an e-mail address like name@company.com.'],
    ['email', 'dana @harbor.example', 'Enter an e-mail address like name@company.com.'],
    ['email', 'dana@harbor..example', 'Enter an e-mail address like name@company.com.'],
    ['service', '', 'Choose the service your request is about, or “Something else”.'],
    ['message', '\n', 'Tell us in a few words what you would like to talk about.'],
  ] as const)('%s %j: %s', (field, value, message) => {
    expect(checkField(field, value)).toBe(message);
  });

  it.each([['dana@harbor.example'], ['d.o+forms@mail.harbor.co.uk'], [' dana@harbor.example ']])('takes %j as an address', (email) => {
    expect(checkField('email', email)).toBeUndefined();
  });

  it('leaves the company optional and reports every field at once, in the order of the form', () => {
    expect(checkAll(valid)).toEqual({});
    expect(Object.keys(checkAll({ name: '', email: '', company: '', service: '', message: '' }))).toEqual([
      'name',
      'email',
      'service',
      'message',
    ]);
  });
});

describe('spamReason', () => {
  it.each([
    ['', MIN_FILL_MS, undefined],
    ['', 60_000, undefined],
    ['', MIN_FILL_MS - 1, 'too-fast'],
    ['https://spam.example', 60_000, 'honeypot'],
  ])('honeypot %j after %i ms → %s', (honeypot, elapsed, reason) => {
    expect(spamReason(honeypot, elapsed)).toBe(reason);
  });
});

describe('mailtoWith', () => {
  it('carries the message, who sent it and what about, encoded', () => {
    const link = new URL(
      mailtoWith('hello@kestrelpoint.example', {
        name: 'Dana',
        email: 'd@h.example',
        company: 'Harbor & Co',
        service: 'AI & ML Consulting',
        message: 'Loads take 6 h?',
      }),
    );
    expect(link.pathname).toBe('hello@kestrelpoint.example');
    expect(link.searchParams.get('subject')).toBe('Free consultation request');
    expect(link.searchParams.get('body')).toBe('Loads take 6 h?\n\nDana, Harbor & Co\n\nAbout: AI & ML Consulting');
  });

  it('keeps the link short enough for mail programs', () => {
    const link = new URL(
      mailtoWith('hello@kestrelpoint.example', { name: '', email: '', company: '', service: '', message: 'x'.repeat(5000) }),
    );
    expect(link.searchParams.get('body')).toHaveLength(1500);
  });
});
