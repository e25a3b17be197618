import { describe, expect, it } from 'vitest';
import { absolutizeUrls, cdata, escapeXml, latestDate, rfc3339Date, rfc822Date } from '../../src/seo/xml.ts';
import { parseXml } from '../helpers/images.ts';

describe('XML helpers', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`Tom & Jerry's <"show">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;show&quot;&gt;');
  });

  it.each([
    ['<p>plain</p>', '<p>plain</p>'],
    ['a ]]> b', 'a ]]> b'],
    ['x]]>]]>y', 'x]]>]]>y'],
  ])('carries %j through CDATA unchanged', (text, expected) => {
    expect(parseXml(`<root>${cdata(text)}</root>`).root).toBe(expected);
  });

  it.each([
    ['2024-01-02', 'Tue, 02 Jan 2024 00:00:00 GMT', '2024-01-02T00:00:00Z'],
    ['2019-12-31', 'Tue, 31 Dec 2019 00:00:00 GMT', '2019-12-31T00:00:00Z'],
    ['2026-01-15T10:30:00Z', 'Thu, 15 Jan 2026 10:30:00 GMT', '2026-01-15T10:30:00Z'],
  ])('writes %s as RFC 822 and RFC 3339', (date, rss, atom) => {
    expect(rfc822Date(date)).toBe(rss);
    expect(rfc3339Date(date)).toBe(atom);
  });

  it.each([
    ['<a href="/projects/acme">x</a>', '<a href="https://o.example/projects/acme">x</a>'],
    ['<img src="/images/a.svg" alt="">', '<img src="https://o.example/images/a.svg" alt="">'],
    ['<a href="https://elsewhere.example/">x</a>', '<a href="https://elsewhere.example/">x</a>'],
    ['<a href="//cdn.example/x">x</a>', '<a href="//cdn.example/x">x</a>'],
    ['<a href="#top">x</a>', '<a href="#top">x</a>'],
  ])('makes root-relative URLs absolute: %s', (html, expected) => {
    expect(absolutizeUrls(html, 'https://o.example')).toBe(expected);
  });

  it('finds the latest date, ignoring missing ones', () => {
    expect(latestDate(['2024-01-02', undefined, '2025-03-01', '2023-12-31'])).toBe('2025-03-01');
    expect(latestDate([undefined])).toBeUndefined();
  });
});
