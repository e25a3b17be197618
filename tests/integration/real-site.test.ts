import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { formatDiagnostics } from '../../src/diagnostics/print.ts';
import { memoryWriter } from '../../src/output/write.ts';
import site from '../../templates/site.ts';

const writer = memoryWriter();
const result = await build(site, writer);
const html = (path: string) => new TextDecoder().decode(writer.files.get(path) ?? new Uint8Array());

describe('the real site', () => {
  it('builds with zero diagnostics', () => {
    expect(result.diagnostics, formatDiagnostics(result.diagnostics, { cwd: process.cwd(), fileCount: result.fileCount })).toEqual([]);
  });

  it.each([
    '/',
    '/about/company',
    '/about/team',
    '/blogs',
    '/contact',
    '/privacy-policy',
    '/projects',
    '/services',
    '/ErrorNotFound',
    '/dev/ogImages',
    '/services/snowflake-big-data-consulting',
    '/services/ai-ml-consulting',
    '/services/bigdata-analytics',
    '/services/devops-dataops-automation',
    '/services/multi-cloud-full-stack-applications',
    '/services/ironvale-security-solutions',
  ])('has the route %s of templates/README.md', (url) => {
    expect(result.routes.some((route) => route.url === url)).toBe(true);
  });

  it('has every team member, article and case study the content plan asks for', () => {
    const count = (collection: string, hidden?: boolean) =>
      result.catalogue!.entries.filter((e) => e.collection === collection && !e.listPage && (hidden === undefined || e.hidden === hidden))
        .length;
    expect(count('team')).toBe(8);
    expect(count('blogs')).toBe(6);
    expect(count('services')).toBe(6);
    expect(count('projects')).toBeGreaterThanOrEqual(12);
    expect(count('projects', true)).toBeGreaterThanOrEqual(1);
    expect(result.catalogue!.collection('team').map((e) => e.data.sort)).toEqual([10, 20, 30, 50, 60, 70, 80, 90]);
    expect(result.catalogue!.collection('services').map((e) => e.slug)).toEqual([
      'snowflake-big-data-consulting',
      'ai-ml-consulting',
      'bigdata-analytics',
      'multi-cloud-full-stack-applications',
      'devops-dataops-automation',
      'ironvale-security-solutions',
    ]);
  });

  it('gives every page lang, a title, one h1, a description and a canonical URL; hidden pages are noindex', () => {
    for (const route of result.routes) {
      const page = html(route.outPath);
      expect(page, route.outPath).toMatch(/^<!DOCTYPE html><html lang="en-US">/);
      expect(page.match(/<h1[\s>]/g), route.outPath).toHaveLength(1);
      expect(page, route.outPath).toMatch(/<title>[^<]+<\/title>/);
      expect(page, route.outPath).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
      expect(page, route.outPath).toContain(`<link rel="canonical" href="https://kestrelpoint.example${route.url}"/>`);
      expect(page.includes('<meta name="robots" content="noindex"/>'), route.outPath).toBe(route.noindex);
    }
  });

  it('leaves hidden case studies out of every listing and count', () => {
    const hidden = result.catalogue!.entries.filter((e) => e.collection === 'projects' && e.hidden);
    const visible = result.catalogue!.collection('projects').length;
    for (const page of ['index.html', 'projects/index.html', 'services/snowflake-big-data-consulting/index.html']) {
      for (const entry of hidden) expect(html(page), `${entry.url} in ${page}`).not.toContain(`href="${entry.url}"`);
    }
    expect(html('index.html')).toContain(`All ${visible} Case Studies`);
    expect(html(`${hidden[0]!.url.slice(1)}/index.html`)).toContain('<h1');
  });

  it('has no thank-you page without a form endpoint (tests/e2e/consultation-form.test.ts builds it with one)', () => {
    expect(result.catalogue!.byPath('/contact/thanks')).toBeUndefined();
    expect(writer.files.has('contact/thanks/index.html')).toBe(false);
    expect(html('sitemap.xml')).toContain('/contact</loc>');
    expect(html('sitemap.xml')).not.toContain('/contact/thanks');
    for (const page of ['index.html', 'contact/index.html']) expect(html(page)).not.toContain('href="/contact/thanks"');
  });

  it('uses no icon font and makes no third-party request', () => {
    for (const route of result.routes) {
      const page = html(route.outPath);
      expect(page, route.outPath).not.toMatch(/(src|href)="https?:\/\/(?!kestrelpoint\.example)[^"]*\.(js|css|woff2?)"/);
      expect(page).not.toContain('fonts.googleapis.com');
    }
  });
});
