import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { diskWriter, memoryWriter } from '../../src/output/write.ts';
import type { ReactNode } from 'react';
import type { LayoutProps, Site } from '../../src/site/definition.ts';
import { loadSite, withContent } from '../../src/site/load.ts';
import { checkSite } from '../../src/site/validate.ts';
import { respond, serveBuild } from '../../src/serve/response.ts';

/** The guide's multilingual example (en, de, ar), its content copied so that a test may add to it. */
const EXAMPLE = path.resolve('docs/examples/multilingual');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'multilingual-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function buildExample(change: { files?: Record<string, string>; site?: (site: Site) => Site } = {}) {
  const content = fs.mkdtempSync(path.join(work, 'content-'));
  fs.cpSync(path.join(EXAMPLE, 'content'), content, { recursive: true });
  for (const [file, text] of Object.entries(change.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(content, file)), { recursive: true });
    fs.writeFileSync(path.join(content, file), text);
  }
  const loaded = withContent(await loadSite(EXAMPLE), content);
  const site = change.site ? change.site(loaded) : loaded;
  const writer = memoryWriter();
  const result = await build(site, writer, { threads: 0, cache: false });
  const text = (file: string) => {
    const bytes = writer.files.get(file);
    if (!bytes) throw new Error(`no output file ${file}; there are ${[...writer.files.keys()].join(', ')}`);
    return new TextDecoder().decode(bytes);
  };
  return { result, files: writer.files, text };
}

const page = (title: string, extra = '') => `---\ntitle: ${title}\ndescription: About ${title}.\n${extra}---\nText.\n`;

describe('a multilingual site', () => {
  it('publishes each locale under its prefix, from folders and suffixes, with <html lang dir>', async () => {
    const { result, files, text } = await buildExample();
    expect(result.diagnostics).toEqual([]);
    const pages = [...files.keys()].filter((file) => file.endsWith('/index.html') || file === 'index.html').sort();
    expect(pages).toEqual([
      '404/index.html',
      'about/index.html',
      'ar/404/index.html',
      'ar/about/index.html',
      'ar/index.html',
      'ar/posts/hello-world/index.html',
      'de/404/index.html',
      'de/about/index.html',
      'de/index.html',
      'de/posts/hello-world/index.html',
      'index.html',
      'posts/english-only/index.html',
      'posts/hello-world/index.html',
    ]);
    expect(text('ar/posts/hello-world/index.html')).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
    expect(text('de/about/index.html')).toMatch(/^<!DOCTYPE html><html lang="de" dir="ltr">/);
    expect(text('index.html')).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr">/);
    // Each locale has its 404 page, in its language.
    expect(text('de/404.html')).toContain('<h1>Seite nicht gefunden</h1>');
    expect(text('404.html')).toContain('<h1>Page not found</h1>');
    // Entries know their locale and translation key.
    const about = result.catalogue.byPath('/de/about')!;
    expect({ locale: about.locale, key: about.translationKey }).toEqual({ locale: 'de', key: '/about' });
  }, 60_000);

  it('links every translation with hreflang and x-default, reciprocally, in the head and the sitemap', async () => {
    const { text } = await buildExample();
    const alternates = (html: string) =>
      [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]}`);
    const expected = [
      'en https://polyglot.example/posts/hello-world',
      'de https://polyglot.example/de/posts/hello-world',
      'ar https://polyglot.example/ar/posts/hello-world',
      'x-default https://polyglot.example/posts/hello-world',
    ];
    for (const file of ['posts/hello-world/index.html', 'de/posts/hello-world/index.html', 'ar/posts/hello-world/index.html'])
      expect(alternates(text(file)), file).toEqual(expected);
    expect(text('de/posts/hello-world/index.html')).toContain(
      '<link rel="canonical" href="https://polyglot.example/de/posts/hello-world"/>',
    );
    // A page without translations has no alternates but itself.
    expect(alternates(text('posts/english-only/index.html'))).toEqual([
      'en https://polyglot.example/posts/english-only',
      'x-default https://polyglot.example/posts/english-only',
    ]);
    const sitemap = text('sitemap.xml');
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const block = sitemap.slice(sitemap.indexOf('<loc>https://polyglot.example/ar/posts/hello-world</loc>'));
    expect(block.slice(0, block.indexOf('</url>'))).toContain(
      '<xhtml:link rel="alternate" hreflang="de" href="https://polyglot.example/de/posts/hello-world"/>',
    );
  }, 60_000);

  it('gives templates the locale: its collections, t(), dates by Intl, a switcher that says what is missing', async () => {
    const { text } = await buildExample();
    const home = text('de/index.html');
    expect(home).toContain('<a href="/de/posts/hello-world">Hallo, Welt</a>');
    expect(home).not.toContain('/posts/english-only');
    expect(home).toContain('<h2>Beiträge</h2>');
    expect(text('de/posts/hello-world/index.html')).toContain('Veröffentlicht am 1. Mai 2024');
    expect(text('posts/hello-world/index.html')).toContain('Published May 1, 2024');
    const switcher = text('posts/english-only/index.html');
    expect(switcher).toContain('<a href="/de" hrefLang="de" lang="de" title="Willkommen">Deutsch</a><small>(not translated)</small>');
    expect(switcher).toContain(
      '<a href="/posts/english-only" hrefLang="en" lang="en" title="Only in English" aria-current="page">English</a>',
    );
    // One feed per locale, in its language, listing its locale's posts.
    expect(text('de/rss.xml')).toContain('<language>de</language>');
    expect(text('de/rss.xml')).toContain('Hallo, Welt');
    expect(text('rss.xml')).not.toContain('Hallo, Welt');
  }, 60_000);

  it('with fallback, shows the default page under the locale URL, with a notice and a canonical to the original', async () => {
    const { result, text } = await buildExample({ site: (site) => ({ ...site, i18n: { ...site.i18n!, fallback: true } }) });
    expect(result.diagnostics).toEqual([]);
    const shown = text('de/posts/english-only/index.html');
    expect(shown).toMatch(/^<!DOCTYPE html><html lang="de" dir="ltr">/);
    expect(shown).toContain('<link rel="canonical" href="https://polyglot.example/posts/english-only"/>');
    expect(shown).toContain('Diese Seite gibt es noch nicht auf Deutsch. Hier das Original (English).');
    // It is no translation: no hreflang alternates, and the sitemap leaves it out.
    expect(shown).not.toContain('<link rel="alternate" hrefLang');
    expect(text('posts/english-only/index.html')).toContain(
      '<a href="/de/posts/english-only" hrefLang="de" lang="de" title="Only in English">Deutsch</a>',
    );
    expect(text('sitemap.xml')).not.toContain('/de/posts/english-only');
  }, 60_000);

  it('prefixes the default locale too when asked', async () => {
    const { result, files, text } = await buildExample({
      // The root is no page now: the 404 page links to the English home instead.
      files: { '404.md': page('Page not found', 'hidden: true\n').replace('Text.', 'Try the [home page](/en).') },
      site: (site) => ({ ...site, i18n: { ...site.i18n!, prefixDefaultLocale: true }, notFound: '/en/404' }),
    });
    expect(result.diagnostics).toEqual([]);
    expect(files.has('en/posts/hello-world/index.html')).toBe(true);
    expect(text('en/index.html')).toContain('<a href="/en" class="brand">');
    expect(files.has('posts/hello-world/index.html')).toBe(false);
  }, 60_000);

  it('reports a folder of an undeclared locale, two pages of one locale with one translationKey, and a link to a missing translation', async () => {
    const { result } = await buildExample({
      files: {
        'fr/about.md': page('À propos'),
        'de/posts/greeting.md': page('Gruß', 'translationKey: /posts/hello-world\ndate: 2024-05-02\n'),
      },
    });
    const found = result.diagnostics.map(({ code, file, field }) => ({ code, file: path.basename(file ?? ''), field }));
    expect(found).toEqual(
      expect.arrayContaining([
        { code: 'undeclared-locale', file: 'about.md', field: 'i18n.locales' },
        { code: 'duplicate-translation', file: 'hello-world.md', field: 'translationKey' },
        { code: 'duplicate-translation', file: 'greeting.md', field: 'translationKey' },
      ]),
    );
    const duplicate = result.diagnostics.find((d) => d.code === 'duplicate-translation' && d.file?.endsWith('greeting.md'))!;
    expect(duplicate.line).toBe(4);
    expect(duplicate.actual).toContain('content/de/posts/hello-world.md');

    const linked = await buildExample({
      files: { 'about.de.md': page('Über uns').replace('Text.', 'Siehe [den Beitrag](/de/posts/english-only).') },
    });
    expect(linked.result.diagnostics).toMatchObject([
      { code: 'missing-translation-link', line: 5, hint: expect.stringContaining('/posts/english-only') },
    ]);
  }, 60_000);

  it('re-renders an edited page and its translations (their switcher shows its title), and no other page', async () => {
    const content = fs.mkdtempSync(path.join(work, 'incremental-'));
    fs.cpSync(path.join(EXAMPLE, 'content'), content, { recursive: true });
    const site = withContent(await loadSite(EXAMPLE), content);
    const out = path.join(work, 'incremental-out');
    const options = { threads: 0, cache: { dir: path.join(work, 'incremental-cache') } };
    const edit = (relative: string, from: string, to: string) => {
      const file = path.join(content, relative);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(from, to));
    };
    const first = await build(site, diskWriter(out), options);
    expect(first.pages?.rendered).toBe(first.routes.length);

    edit('de/posts/hello-world.md', 'Der erste Beitrag, auf Deutsch.', 'Der erste Beitrag, auf gut Deutsch.');
    const body = await build(site, diskWriter(out), options);
    expect(body.pages?.rendered).toBe(1);

    edit('de/posts/hello-world.md', 'title: Hallo, Welt', 'title: Hallo, liebe Welt');
    const title = await build(site, diskWriter(out), options);
    // The post, its English and Arabic translations (their switchers), and the German home page listing it.
    expect(title.pages?.rendered).toBe(4);
    expect(fs.readFileSync(path.join(out, 'ar/posts/hello-world/index.html'), 'utf8')).toContain('title="Hallo, liebe Welt"');
    expect(fs.readFileSync(path.join(out, 'posts/hello-world/index.html'), 'utf8')).toContain('title="Hallo, liebe Welt"');
  }, 120_000);

  it('checks i18n when the site loads: declared locales, and every key of the default table in each table', async () => {
    // The definition as its module wrote it: without what loading added (its code, its locator).
    const { code: _code, locate: _locate, ...site } = await loadSite(EXAMPLE);
    const i18n = site.i18n!;
    const check = (changed: Partial<typeof i18n>) =>
      checkSite({ ...site, i18n: { ...i18n, ...changed } }, EXAMPLE).diagnostics.map(({ code, field, expected, actual, severity }) => ({
        code,
        field,
        expected,
        actual,
        severity,
      }));
    expect(check({})).toEqual([]);
    expect(check({ defaultLocale: 'fr' })).toEqual([
      { code: 'unknown-locale', field: 'i18n.defaultLocale', expected: 'one of en, de, ar', actual: '"fr"', severity: 'error' },
    ]);
    const { 'nav.about': _left, ...german } = i18n.strings!.de!;
    expect(check({ strings: { ...i18n.strings, de: german } })).toEqual([
      {
        code: 'missing-ui-string',
        field: 'i18n.strings.de["nav.about"]',
        expected: 'the key "nav.about" (the default locale\'s text: "About")',
        actual: 'no such key',
        severity: 'error',
      },
    ]);
    expect(check({ strings: { ...i18n.strings, de: german }, missingStrings: 'warn' })).toEqual([]);
  });

  it("with missingStrings: 'warn', warns and shows the default locale's word; t() of an unknown key fails the page", async () => {
    const warned = await buildExample({
      site: (site) => {
        const { 'nav.about': _left, ...german } = site.i18n!.strings!.de!;
        return { ...site, i18n: { ...site.i18n!, strings: { ...site.i18n!.strings, de: german }, missingStrings: 'warn' } };
      },
    });
    expect(warned.result.diagnostics.map(({ code, severity, field }) => ({ code, severity, field }))).toEqual([
      { code: 'ui-string-fallback', severity: 'warning', field: 'i18n.strings.de["nav.about"]' },
    ]);
    expect(warned.text('de/index.html')).toContain('<a href="/de/about">About</a>');

    const unknown = await buildExample({
      site: (site) => {
        const Layout = site.layout as (props: LayoutProps) => ReactNode;
        return { ...site, layout: (props: LayoutProps) => (props.t('nav.hmoe'), Layout(props)) };
      },
    });
    expect(unknown.result.diagnostics[0]).toMatchObject({ code: 'unknown-ui-string', hint: 'did you mean "nav.home"?' });
  }, 60_000);
});

describe("a locale's not-found page", () => {
  it('answers an unknown path under the locale, in site serve and on Netlify (_redirects), a page there still shadowing it', async () => {
    const { files, text } = await buildExample();
    expect(text('_redirects')).toContain('\n/de/* /de/404.html 404\n/ar/* /ar/404.html 404\n');
    const served = serveBuild(files);
    const server = http.createServer((request, response) => respond(request, response, served));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const missing = await fetch(`${base}/de/nirgendwo`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('<h1>Seite nicht gefunden</h1>');
      const arabic = await fetch(`${base}/ar/nowhere`);
      expect([arabic.status, (await arabic.text()).includes('lang="ar"')]).toEqual([404, true]);
      expect((await fetch(`${base}/de/about`)).status).toBe(200);
      expect(await (await fetch(`${base}/nowhere`)).text()).toContain('<h1>Page not found</h1>');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
