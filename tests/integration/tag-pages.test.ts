import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { formatDiagnostics } from '../../src/diagnostics/print.ts';
import { memoryWriter } from '../../src/output/write.ts';
import site from '../../templates/site.ts';

// Expectations come from the Markdown itself, read apart from the engine.
const dir = path.resolve('content/projects');
const projects = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.md') && !name.startsWith('_'))
  .map((name) => ({
    url: `/projects/${name.slice(0, -3)}`,
    data: matter(fs.readFileSync(path.join(dir, name), 'utf8'), {}).data as { tags: string[]; sort: number; hidden?: boolean },
  }));
const visible = projects.filter((p) => p.data.hidden !== true).sort((a, b) => a.data.sort - b.data.sort || (a.url < b.url ? -1 : 1));
const hidden = projects.filter((p) => p.data.hidden === true);
const withTag = (tag: string) => visible.filter((p) => p.data.tags.includes(tag)).map((p) => p.url);

const writer = memoryWriter();
const result = await build(site, writer);
const html = (url: string) =>
  new TextDecoder().decode(writer.files.get(url === '/' ? 'index.html' : `${url.slice(1)}/index.html`) ?? new Uint8Array());
/** The case-study links of a listing's result list, in order. */
const cards = (page: string) =>
  [
    ...page.slice(page.indexOf('<ul id="case-study-results"'), page.indexOf('</main>')).matchAll(/<a href="([^"]+)" class="card-link"/g),
  ].map((m) => m[1]);
const filterProps = (page: string) =>
  JSON.parse((/data-island="ProjectFilter" data-props="([^"]*)"/.exec(page)?.[1] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&'));

const pages = [
  ['financial', '/projects/industry/financial-services'],
  ['healthBio', '/projects/industry/health-bio'],
  ['energyTransport', '/projects/industry/energy-transport'],
  ['aws', '/projects/technology/aws'],
  ['net', '/projects/technology/dotnet'],
  ['sqlServer', '/projects/technology/sql-server'],
  ['snowflake', '/projects/technology/snowflake'],
] as const;

describe('tag pages of the real site', () => {
  it('builds with zero diagnostics', () => {
    expect(result.diagnostics, formatDiagnostics(result.diagnostics, { cwd: process.cwd(), fileCount: result.fileCount })).toEqual([]);
  });

  it.each(pages)('%s: %s lists exactly its visible case studies, in sort order, with the count', (tag, url) => {
    const page = html(url);
    expect(withTag(tag).length).toBeGreaterThan(0);
    expect(cards(page)).toEqual(withTag(tag));
    expect(page).toMatch(new RegExp(`<strong>${withTag(tag).length}</strong> <!-- -->case stud`));
    for (const p of hidden) expect(page).not.toContain(`href="${p.url}"`);
    expect(page).toContain('<a class="filter-reset" href="/projects">All case studies</a>');
  });

  it('has one page per tag some visible case study carries, and only those', () => {
    const tagPages = result.routes.filter((route) => /^\/projects\/(industry|technology)\//.test(route.url));
    const used = new Set(visible.flatMap((p) => p.data.tags));
    expect(tagPages).toHaveLength(used.size);
    for (const route of tagPages) expect(route.noindex).toBe(false);
  });

  it('links every facet option of /projects to its tag page, with the count that page shows', () => {
    const listing = html('/projects');
    expect(cards(listing)).toEqual(visible.map((p) => p.url));
    const links = [...listing.matchAll(/<a class="chip" href="([^"]+)">([^<]+)<span class="chip-count">(\d+)/g)].map((m) => ({
      href: m[1]!,
      label: m[2]!,
      count: Number(m[3]),
    }));
    expect(links.length).toBe(new Set(visible.flatMap((p) => p.data.tags)).size);
    for (const link of links) {
      expect(cards(html(link.href)), link.href).toHaveLength(link.count);
    }
  });

  it('lists tag pages in the sitemap with the date of their newest case study', () => {
    const sitemap = new TextDecoder().decode(writer.files.get('sitemap.xml'));
    for (const [, url] of pages) expect(sitemap).toContain(`<loc>https://kestrelpoint.example${url}</loc>`);
    expect(sitemap).toMatch(
      /<loc>https:\/\/kestrelpoint\.example\/projects\/technology\/aws<\/loc>\n {4}<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/,
    );
  });

  it("links each tag of a case study's fact box to its tag page", () => {
    const page = html(visible[0]!.url);
    const links = [...page.matchAll(/<li class="tag"><a href="([^"]+)">/g)].map((m) => m[1]!);
    expect(links).toHaveLength(visible[0]!.data.tags.length);
    for (const link of links) expect(cards(html(link)), link).toContain(visible[0]!.url);
  });

  it('gives the filter island small props: counts per tag, not per case study', () => {
    const props = filterProps(html('/projects/industry/financial-services'));
    expect(props.base).toEqual({ industry: 'financial' });
    expect(props.index.total).toBe(visible.length);
    expect(JSON.stringify(props).length).toBeLessThan(4_000);
    expect(filterProps(html('/projects')).index).toEqual(props.index);
  });
});

describe('breadcrumbs on the real site', () => {
  it('shows a trail on every page but home, the same as its BreadcrumbList, ending at the page itself', () => {
    for (const route of result.routes.filter((r) => r.outPath !== '404.html')) {
      const page = html(route.url);
      const navs = [...page.matchAll(/<nav aria-label="Breadcrumb" class="breadcrumbs"><ol>(.*?)<\/ol><\/nav>/g)];
      if (route.url === '/') {
        expect(navs).toHaveLength(0);
        continue;
      }
      expect(navs, route.url).toHaveLength(1);
      const crumbs = [...navs[0]![1]!.matchAll(/<li><a href="([^"]+)"( aria-current="page")?>([^<]*)<\/a><\/li>/g)].map((m) => ({
        url: m[1],
        current: Boolean(m[2]),
        name: m[3]!.replaceAll('&amp;', '&').replaceAll('&#x27;', "'"),
      }));
      expect(crumbs[0]).toEqual({ url: '/', current: false, name: 'Home' });
      expect(crumbs.at(-1)!.url, route.url).toBe(route.url);
      expect(crumbs.map((c) => c.current)).toEqual(crumbs.map((_, i) => i === crumbs.length - 1));
      const jsonLd = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1]!))
        .find((data) => data['@type'] === 'BreadcrumbList');
      expect(jsonLd.itemListElement.map((item: { name: string; item: string }) => [item.name, item.item])).toEqual(
        crumbs.map((c) => [c.name, `https://kestrelpoint.example${c.url}`]),
      );
    }
  });
});
