import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { condense, mergeStates, type Violation } from '../../scripts/check/axe.ts';
import { listPages, pageFile, selectPages, urlPathOf } from '../../scripts/check/pages.ts';
import { formatFinding, formatGateReport } from '../../scripts/check/report.ts';
import { checkXml } from '../../scripts/check/structured-data.ts';

describe('pages of a built site', () => {
  it.each([
    ['index.html', '/'],
    ['404.html', '/404'],
    ['about/team/index.html', '/about/team'],
    ['projects/tags/aws/index.html', '/projects/tags/aws'],
    ['legal.html', '/legal'],
  ])('%s is served at %s, and back', (file, url) => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pages-'));
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), '<!doctype html>');
    expect(urlPathOf(file)).toBe(url);
    expect(pageFile(dist, url)).toBe(path.join(dist, file));
    fs.rmSync(dist, { recursive: true });
  });

  it('lists every HTML page sorted, and selects by globs over URL paths', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pages-'));
    for (const file of ['index.html', 'contact/index.html', 'projects/a/index.html', 'projects/index.html', 'feed.xml']) {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), '');
    }
    const pages = await listPages(dist);
    expect(pages).toEqual(['/', '/contact', '/projects', '/projects/a']);
    // A globstar also matches no segment, so a folder's glob takes in its list page.
    expect(selectPages(pages, ['/projects/**'])).toEqual(['/projects', '/projects/a']);
    expect(selectPages(pages, ['/projects/*'])).toEqual(['/projects/a']);
    expect(selectPages(pages, ['/', '/contact'])).toEqual(['/', '/contact']);
    expect(selectPages(pages, [])).toEqual(pages);
    fs.rmSync(dist, { recursive: true });
  });
});

describe('the report', () => {
  it('prints page, rule and message on one line and the fix indented below', () => {
    expect(formatFinding({ page: '/contact', rule: 'no-dup-id', message: 'Duplicate ID "x"', fix: 'Rename one.' })).toBe(
      '/contact  no-dup-id: Duplicate ID "x"\n  fix: Rename one.',
    );
  });

  it('ends a gate with a tally by rule, or a pass', () => {
    const findings = [
      { page: '/a', rule: 'r1', message: 'm', fix: 'f' },
      { page: '/a', rule: 'r2', message: 'm', fix: 'f' },
      { page: '/b', rule: 'r1', message: 'm', fix: 'f' },
    ];
    expect(
      formatGateReport('g', { findings, summary: ['extra'] }, 5)
        .split('\n')
        .slice(-2),
    ).toEqual(['  extra', '✖ g: 3 findings on 2 pages (r1 2, r2 1)']);
    expect(formatGateReport('g', { findings: [] }, 1).split('\n').at(-1)).toBe('✔ g: no findings on 1 page');
  });
});

describe('axe results as findings', () => {
  const violation = (targets: string[]): Violation => ({
    id: 'color-contrast',
    impact: 'serious',
    help: 'Elements must meet minimum color contrast ratio thresholds',
    helpUrl: 'https://dequeuniversity.com/rules/axe/4.14/color-contrast?application=axeAPI',
    nodes: targets.map((target) => ({
      target,
      failureSummary: 'Fix any of the following:\n  Element has insufficient color contrast of 2.1',
    })),
  });

  it('reports a violation seen in both states once, naming both, and one seen in one state with that state', () => {
    const findings = mergeStates('/x', 390, [
      ['banner open', [violation(['.a'])]],
      ['menu open', [violation(['.a']), violation(['.b', '.c', '.d', '.e'])]],
    ]);
    expect(findings.map((finding) => finding.message)).toEqual([
      'Elements must meet minimum color contrast ratio thresholds (serious; 390 px, banner open / menu open): .a',
      'Elements must meet minimum color contrast ratio thresholds (serious; 390 px, menu open): .b, .c, .d and 1 more',
    ]);
    expect(findings[0]!.fix).toBe(
      'Fix any of the following: Element has insufficient color contrast of 2.1. See https://dequeuniversity.com/rules/axe/4.14/color-contrast',
    );
  });

  it('ends each part with one full stop', () => {
    expect(condense('Fix any of the following:\n  Target has insufficient size.\n  Safe clickable space is 19.6px.')).toBe(
      'Fix any of the following: Target has insufficient size; Safe clickable space is 19.6px.',
    );
  });

  it('keeps both headings of a summary that has any and all parts', () => {
    expect(condense('Fix all of the following:\n  A is wrong\nFix any of the following:\n  B is missing\n  C is empty')).toBe(
      'Fix all of the following: A is wrong. Fix any of the following: B is missing; C is empty.',
    );
  });
});

describe('XML files', () => {
  it.each([
    [
      'an RSS feed',
      '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>l</link><description>d</description></channel></rss>',
      [],
    ],
    [
      'an Atom feed',
      '<feed xmlns="http://www.w3.org/2005/Atom"><id>i</id><title>t</title><updated>2024-01-01T00:00:00Z</updated></feed>',
      [],
    ],
    ['a sitemap', '<urlset><url><loc>https://x.example/</loc></url></urlset>', []],
    [
      'an RSS feed without a description',
      '<rss><channel><title>t</title><link>l</link></channel></rss>',
      ['xml-shape: this RSS 2.0 feed lacks <channel><description>'],
    ],
    ['an empty sitemap', '<urlset></urlset>', ['xml-shape: this sitemap lacks <url>']],
    ['broken XML', '<rss><channel><title>Fish & chips</title></channel></rss>', ['xml-syntax']],
  ])('%s', (_name, text, expected) => {
    const findings = checkXml('/feed.xml', text).map((finding) =>
      finding.rule === 'xml-syntax' ? finding.rule : `${finding.rule}: ${finding.message}`,
    );
    expect(findings).toEqual(expected);
  });
});
