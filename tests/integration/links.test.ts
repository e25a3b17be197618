import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement, Fragment } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { formatDiagnosticLine, formatDiagnostics } from '../../src/diagnostics/print.ts';
import type { PageProps } from '../../src/index.ts';
import { checkLinks } from '../../src/links/check-links.ts';
import type { Route } from '../../src/routes/routes.ts';
import { memoryWriter } from '../../src/output/write.ts';
import realSite, { createSite } from '../../templates/site.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';
import { smallSiteWith } from '../helpers/fixture-site.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('links in Markdown', async () => {
  const { root, content } = smallSiteWith('tests/fixtures/broken-links/content');
  folders.push(root);
  const writer = memoryWriter();
  const result = await build(createSite(content), writer);
  const lines = result.diagnostics.map((d) => `${formatDiagnosticLine(d, root)}  [${d.code}]`).sort();

  it('fail the build at the line of the .md file that holds each broken link or anchor, and only those', async () => {
    expect(writer.files.size).toBe(0);
    const file = 'content/blogs/broken-links.md';
    expect(lines).toEqual(
      [
        `${file}:17  <a href>: expected a page or file of the site, found "/about/compnay"  [broken-link]`,
        `${file}:17  <img src>: expected a page or file of the site, found "/images/nope.svg"  [broken-link]`,
        `${file}:18  <a href>: expected an id that exists on /blogs/broken-links, found "#links-that-dont-work"  [broken-anchor]`,
        `${file}:18  <a href>: expected an id that exists on /privacy-policy, found "/privacy-policy#changing-your-mind"  [broken-anchor]`,
        `${file}:19  <a href>: expected a page or file of the site, found "/servces/data"  [broken-link]`,
        `${file}:19  <a href>: expected an id that exists on /blogs/first-post, found "/blogs/first-post#no-such-section"  [broken-anchor]`,
        `${file}:20  <a href>: expected a page or file of the site, found "https://kestrelpoint.example/blogs/third-post"  [broken-link]`,
        `${file}:20  <a href>: expected a page or file of the site, found "thrid-post", which resolves to /blogs/thrid-post  [broken-link]`,
      ].sort(),
    );
    const report = formatDiagnostics(result.diagnostics, {
      cwd: root,
      fileCount: result.fileCount,
      outcome: 'Nothing was written to dist/.',
    });
    expect(report).toContain('hint: did you mean "/about/company"?');
    expect(report).toContain('hint: did you mean "#changing-your-choice"?');
    await expect(report + '\n').toMatchFileSnapshot('../fixtures/broken-links/expected-diagnostics.txt');
  });

  it('list external links without fetching them once the rest is fixed', async () => {
    const fixed = smallSiteWith('tests/fixtures/broken-links/content');
    folders.push(fixed.root);
    const article = path.join(fixed.content, 'blogs/broken-links.md');
    fs.writeFileSync(article, fs.readFileSync(article, 'utf8').split('## Links that do not')[0]!);
    const good = await build(createSite(fixed.content), memoryWriter());
    expect(good.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const external = new Map(good.externalLinks!.map((link) => [link.url, link]));
    expect(external.get('https://example.org/reading')).toEqual({
      url: 'https://example.org/reading',
      count: 1,
      firstPage: '/blogs/broken-links',
    });
    expect(external.has('https://example.com/a')).toBe(true);
    expect(
      [...external.keys()].some((url) => url.startsWith('mailto:') || url.startsWith('tel:') || url.includes('kestrelpoint.example')),
    ).toBe(false);
  });
});

describe('links and front matter with mistakes in the same build', () => {
  it('are reported together, and a link to a page whose front matter is wrong is not called broken', async () => {
    const { root, content } = smallSiteWith('tests/fixtures/broken-links/content');
    folders.push(root);
    // One more mistake, of another kind: a front matter without its title, in a page others link to.
    const company = path.join(content, 'about/company.md');
    fs.writeFileSync(company, fs.readFileSync(company, 'utf8').replace(/^title: .*$/m, ''));
    const writer = memoryWriter();
    const result = await build(createSite(content), writer);
    expect(writer.files.size).toBe(0);
    const codes = result.diagnostics.map((d) => `${path.relative(root, d.file ?? '')} ${d.code}`);
    expect(codes).toContain('content/about/company.md missing-field');
    expect(codes.filter((line) => line === 'content/blogs/broken-links.md broken-link')).toHaveLength(5);
    // Pages link to /about/company from their menus: it exists, its front matter is what is wrong.
    expect(result.diagnostics.filter((d) => d.actual === '"/about/company"')).toEqual([]);
  });
});

/** The minimal site, with a page template that adds links of its own around the Markdown. */
function siteWithTemplateLinks(links: (props: PageProps) => { href: string; label: string }[]) {
  const site = createMinimalSite();
  const Original = site.templates.page!.component;
  function Page(props: PageProps) {
    return createElement(
      Fragment,
      null,
      createElement(Original, props),
      ...links(props).map(({ href, label }) => createElement('a', { key: label, href }, label)),
    );
  }
  return { ...site, templates: { page: { ...site.templates.page!, component: Page } } };
}

describe('links a template makes', () => {
  it('fail at the page’s source file, naming the template, once per page', async () => {
    const site = siteWithTemplateLinks(({ entry }) =>
      entry.url === '/posts/first'
        ? [
            { href: '/posts/firts', label: 'typo' },
            { href: '/#nowhere', label: 'anchor' },
          ]
        : [],
    );
    const result = await build(site, memoryWriter());
    const root = path.resolve('tests/fixtures/minimal');
    expect(result.diagnostics.map((d) => `${formatDiagnosticLine(d, root)}  [${d.code}]`).sort()).toEqual([
      'content/posts/first.md:1  <a href> from template "page" on /posts/first: expected a page or file of the site, found "/posts/firts"  [broken-link]',
      'content/posts/first.md:1  <a href> from template "page" on /posts/first: expected an id that exists on /, found "/#nowhere"  [broken-anchor]',
    ]);
    expect(result.diagnostics.find((d) => d.code === 'broken-link')?.hint).toBe('did you mean "/posts/first"?');
    expect(result.files).toBeUndefined();
  });

  it('point at the front-matter field a template took a link from, and catch unsafe URLs it let through', () => {
    const page = (body: string) => `<!DOCTYPE html><html><body><main id="main">${body}</main></body></html>`;
    const entry = { url: '/', file: '', relative: '', body: '', bodyLine: 1, data: { title: 't', description: 'd' } };
    const routes = [{ url: '/', outPath: 'index.html', template: 'home', noindex: false, entry }] as unknown as Route[];
    const files = [
      {
        path: 'index.html',
        contents: page(
          '<a href="javascript:throw new Error(&#x27;React has blocked a javascript: URL&#x27;)">x</a><img src="vbscript:x"><a href="#main">ok</a>',
        ),
      },
    ];
    const report = checkLinks(files, routes, 'https://site.example');
    expect(report.diagnostics.map((d) => [d.code, d.field, d.actual])).toEqual([
      ['unsafe-url', '<a href> from template "home" on /', '"javascript:throw new Error(\'React has blocked a javascript: URL\')"'],
      ['unsafe-url', '<img src> from template "home" on /', '"vbscript:x"'],
    ]);
  });
});

describe('the link check itself', () => {
  const route = (url: string, outPath: string) =>
    ({
      url,
      outPath,
      template: 'page',
      noindex: false,
      entry: { url, file: '', relative: '', body: '', bodyLine: 1, data: {} },
    }) as unknown as Route;

  it('reads every kind of URL attribute, skips script and style text, and follows the same lookup as site serve', () => {
    const html = [
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><link rel="preconnect" href="https://fonts.example"/>',
      '<meta property="og:image" content="https://site.example/og/missing.png"/><script type="application/ld+json">{"x":"<a href=\\"/in-script\\">"}</script>',
      '<style>a[href="/in-style"]{}</style></head><body><!-- <a href="/in-comment"> -->',
      '<img srcset="/img/a.png 1x, /img/b.png 2x" src="/img/a.png" alt="a &gt; b"/><a href="/docs/">docs</a><a href="/docs/index.html">index</a>',
      '<a href="/caf%C3%A9">cafe</a><a href="/a.css?v=1#x">query</a><a name="legacy"></a><a href="#legacy">legacy</a><a href="#TOP">top</a>',
      '<a href="http://[broken">bad</a><a title="x &quot;y&quot;" href="/docs#sec&amp;tion">amp</a></body></html>',
    ].join('');
    const files = [
      { path: 'index.html', contents: html },
      { path: 'a.css', contents: '' },
      { path: 'img/a.png', contents: new Uint8Array() },
      { path: 'docs/index.html', contents: '<h2 id="sec&amp;tion">S</h2>' },
      { path: 'café/index.html', contents: '' },
    ];
    const report = checkLinks(files, [route('/', 'index.html')], 'https://site.example');
    expect(report.diagnostics.map((d) => [d.code, d.field?.split(' from ')[0], d.actual])).toEqual([
      ['broken-link', '<meta og:image>', '"https://site.example/og/missing.png"'],
      ['broken-link', '<img srcset>', '"/img/b.png"'],
      // Found as site serve finds it, but named in the other style than the site's URLs.
      ['trailing-slash', '<a href>', '"/docs/"'],
      ['broken-link', '<a href>', '"http://[broken"'],
    ]);
    expect(report.external).toEqual([]);
  });

  it("counts links to paths declared as another site's (links.external) apart, unchecked, and checks the rest", () => {
    const html = [
      '<a href="/reference/api#hooks">a</a><a href="/reference">b</a><a href="/reference/api">c</a>',
      '<a href="/referenced">d</a><a href="/guide">e</a><a href="https://other.example/x">f</a>',
    ].join('');
    const files = [{ path: 'index.html', contents: html }];
    const declared = checkLinks(files, [route('/', 'index.html')], 'https://site.example', undefined, [], { elsewhere: ['/reference/**'] });
    expect(declared.diagnostics.map((d) => d.actual)).toEqual(['"/referenced"', '"/guide"']);
    expect(declared.elsewhere).toEqual([
      { url: '/reference', count: 1, firstPage: '/' },
      { url: '/reference/api', count: 2, firstPage: '/' },
    ]);
    expect(declared.external.map((link) => link.url)).toEqual(['https://other.example/x']);
    // Without the declaration, the same links are the site's own, and broken.
    const undeclared = checkLinks(files, [route('/', 'index.html')], 'https://site.example');
    expect(undeclared.diagnostics).toHaveLength(5);
    expect(undeclared.elsewhere).toEqual([]);
  });

  it('costs one scan per page: each page is read once, however many links point into it', () => {
    const pages = 300;
    const routes = Array.from({ length: pages }, (_, i) => route(`/p/${i}`, `p/${i}/index.html`));
    const reads = new Map<string, number>();
    // Forty menu links to other pages' ids on every page: a check that scanned a page per link to
    // it would read each page about forty times.
    const nav = Array.from({ length: 40 }, (_, i) => `<a href="/p/${(i * 7) % pages}#top">n</a>`).join('');
    const files = routes.map((r, i) => {
      const html = `<main id="m"><i id="top"></i>${nav}<a href="/p/${(i + 1) % pages}#m">next</a><a href="https://ext.example/${i}">x</a></main>`;
      return {
        path: r.outPath,
        get contents() {
          reads.set(r.outPath, (reads.get(r.outPath) ?? 0) + 1);
          return html;
        },
      };
    });
    const report = checkLinks(files, routes, 'https://site.example');
    expect(report.diagnostics).toEqual([]);
    expect(report.external).toHaveLength(pages);
    expect(reads.size).toBe(pages);
    expect(Math.max(...reads.values())).toBe(1);
  });
});

describe('site build --external-links', () => {
  it('counts external links in its summary and writes them, tab-separated, to the file named', () => {
    const { root, content } = smallSiteWith('tests/fixtures/broken-links/content');
    folders.push(root);
    const article = path.join(content, 'blogs/broken-links.md');
    fs.writeFileSync(article, fs.readFileSync(article, 'utf8').split('## Links that do not')[0]!);
    const list = path.join(root, 'external.tsv');
    const result = spawnSync(
      path.resolve('bin/site'),
      ['build', '--content', content, '--out', path.join(root, 'dist'), '--external-links', list],
      { encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    const rows = fs
      .readFileSync(list, 'utf8')
      .trim()
      .split('\n')
      .map((row) => row.split('\t'));
    expect(result.stdout).toContain(`External links: ${rows.length}, not fetched, listed in`);
    expect(rows).toContainEqual(['https://example.org/reading', '1', '/blogs/broken-links']);
    expect(fs.existsSync(path.join(root, 'dist', 'external.tsv'))).toBe(false);
  });
});

describe('site build with links.external', () => {
  it("says in its summary how many links go to paths declared as another site's, and checks none of them", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-links-elsewhere-'));
    folders.push(root);
    fs.cpSync('tests/fixtures/minimal', root, { recursive: true });
    // Every post, and the menu's links to them, lives on "another site"; the posts are removed, so a check of them would fail.
    fs.writeFileSync(
      path.join(root, 'site.config.tsx'),
      "import { createMinimalSite } from './site.tsx';\nexport default { ...createMinimalSite(), links: { external: ['/posts/**'] } };\n",
    );
    const posts = fs.readdirSync(path.join(root, 'content/posts'));
    const kept = posts.find((name) => name.endsWith('.md'))!;
    for (const name of posts) if (name !== kept) fs.rmSync(path.join(root, 'content/posts', name), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'content/more.md'),
      '---\ntitle: More\ndescription: d\n---\nSee [the old post](/posts/gone-for-good).\n',
    );
    const result = spawnSync(path.resolve('bin/site'), ['build', '--root', root], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /External links: \d+, not fetched; \d+ links to \d+ paths declared elsewhere \(links\.external\), not checked\./,
    );
    const [, links, paths] = /; (\d+) links to (\d+) paths/.exec(result.stdout)!;
    expect(Number(paths)).toBeGreaterThanOrEqual(2);
    expect(Number(links)).toBeGreaterThan(Number(paths));
  });
});

describe('the real site', () => {
  it('has no broken link or anchor, and links to other sites only as a list', async () => {
    const result = await build(realSite, memoryWriter());
    expect(result.diagnostics.filter((d) => d.code.startsWith('broken-') || d.code.startsWith('unsafe-'))).toEqual([]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.externalLinks!.length).toBeGreaterThan(10);
    expect(
      result.externalLinks!.every((link) => /^https?:\/\//.test(link.url) && !link.url.startsWith('https://kestrelpoint.example')),
    ).toBe(true);
  });
});
