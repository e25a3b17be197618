import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { starterFiles } from '../../src/init/scaffold.ts';

const BIN = path.resolve('bin/site');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-init-'));
const site = (cwd: string, ...args: string[]) => spawnSync(BIN, args, { cwd, encoding: 'utf8' });

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Every file under `dir`, relative, sorted. */
const filesIn = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

describe('site init', () => {
  it('starts a site in a new folder, says what it made and what to run next, and that site builds', () => {
    const made = site(work, 'init', 'my-blog');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'my-blog');
    expect(filesIn(folder)).toEqual(['package.json', ...starterFiles()].sort());
    for (const file of ['site.config.tsx', 'src/Layout.tsx', 'content/index.md', 'package.json'])
      expect(made.stdout).toContain(`  ${file}`);
    expect(made.stdout).toMatch(/Next:\n  cd my-blog\n  npm install\n  npm run dev/);
    const json = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
    expect(json).toMatchObject({ name: 'my-blog', type: 'module', scripts: { dev: 'site serve', build: 'site build', check: 'tsc' } });
    expect(Object.keys(json.dependencies)).toEqual(['stillsite', 'react', 'react-dom']);

    const built = site(folder, 'build');
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/Built 4 pages from 3 files/);
    const post = fs.readFileSync(path.join(folder, 'dist/posts/hello-world/index.html'), 'utf8');
    expect(post).toContain('<h1>Hello, world</h1>');
    expect(post).toContain('data-island="CopyLink"');
    expect(post).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(fs.readFileSync(path.join(folder, 'dist/index.html'), 'utf8')).toContain('<a href="/posts/hello-world">Hello, world</a>');
    expect(fs.readFileSync(path.join(folder, 'dist/404.html'), 'utf8')).toContain('<h1>Page not found</h1>');
    expect(fs.readFileSync(path.join(folder, 'dist/sitemap.xml'), 'utf8')).not.toContain('/404');
  });

  it("lists the starter's posts in a feed added to it, dated by the field the starter names", () => {
    const made = site(work, 'init', 'with-feed');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'with-feed');
    const config = path.join(folder, 'site.config.tsx');
    const feed =
      "  feeds: [{ collection: 'posts', title: 'Posts', description: 'Every post.', rss: '/rss.xml', atom: '/atom.xml' }],\n  notFound:";
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('  notFound:', feed));
    const built = site(folder, 'build');
    expect(built.status, built.stderr).toBe(0);
    expect(built.stderr).not.toContain('empty-feed');
    const rss = fs.readFileSync(path.join(folder, 'dist/rss.xml'), 'utf8');
    expect(rss).toContain('<link>https://example.com/posts/hello-world</link>');
    expect(rss).toContain('<lastBuildDate>Thu, 15 Jan 2026 00:00:00 GMT</lastBuildDate>');
    expect(fs.readFileSync(path.join(folder, 'dist/sitemap.xml'), 'utf8')).toContain('<lastmod>2026-01-15</lastmod>');
  });

  // Two builds of the starter, one with Pagefind: slower than the others on a busy machine.
  it('shows the search in the header once the one line says so, and ships none of it before', { timeout: 120_000 }, () => {
    const made = site(work, 'init', 'with-search');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'with-search');
    const home = () => fs.readFileSync(path.join(folder, 'dist/index.html'), 'utf8');
    const off = site(folder, 'build');
    expect(off.status, off.stderr).toBe(0);
    expect(home()).not.toContain('data-island="Search"');
    expect(fs.existsSync(path.join(folder, 'dist/pagefind'))).toBe(false);

    const config = path.join(folder, 'site.config.tsx');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('const search = false;', 'const search = true;'));
    const on = site(folder, 'build');
    expect(on.status, on.stderr).toBe(0);
    expect(home()).toMatch(/<header class="site-header">.*data-island="Search".*<\/header>/s);
    const entry = JSON.parse(fs.readFileSync(path.join(folder, 'dist/pagefind/pagefind-entry.json'), 'utf8'));
    // The home page and the post: not the 404 page.
    expect(entry.languages.en.page_count).toBe(2);
  });

  it('merges into the package.json and .gitignore of the current folder', () => {
    const folder = path.join(work, 'existing');
    fs.mkdirSync(folder);
    fs.writeFileSync(
      path.join(folder, 'package.json'),
      JSON.stringify({ name: 'mine', description: 'kept', type: 'commonjs', scripts: { test: 'vitest' } }),
    );
    fs.writeFileSync(path.join(folder, '.gitignore'), 'coverage/\ndist/');
    const made = site(folder, 'init');
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain('Started a site in this folder:');
    expect(made.stdout).toContain('package.json (updated)');
    expect(made.stdout).toContain('"type" changed from "commonjs" to "module"');
    expect(made.stdout).not.toContain('cd ');
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'))).toMatchObject({
      name: 'mine',
      description: 'kept',
      type: 'module',
      scripts: { test: 'vitest', dev: 'site serve' },
    });
    expect(fs.readFileSync(path.join(folder, '.gitignore'), 'utf8')).toBe('coverage/\ndist/\nnode_modules/\n.site-cache/\n');
  });

  it('refuses to overwrite anything, names what is in the way, exits 2 and writes nothing', () => {
    const folder = path.join(work, 'occupied');
    fs.mkdirSync(path.join(folder, 'src'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'src/Layout.tsx'), 'mine');
    fs.writeFileSync(path.join(folder, 'site.config.ts'), 'mine');
    fs.writeFileSync(path.join(folder, 'package.json'), '{"name":"occupied"}');
    const before = filesIn(folder);
    const refused = site(work, 'init', 'occupied');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(
      'site: occupied already has files the starter would overwrite, so nothing was written:\n  src/Layout.tsx\n  site.config.ts\nStart the site in a new folder (site init my-site), or move those files away.\n',
    );
    expect(filesIn(folder)).toEqual(before);
    expect(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')).toBe('{"name":"occupied"}');
  });

  it('refuses a package.json it cannot read, exit 2', () => {
    const folder = path.join(work, 'broken-json');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'package.json'), '{ "name": ');
    const refused = site(folder, 'init');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^site: package\.json is not valid JSON \(.+\), so nothing was written\.\n$/);
    expect(filesIn(folder)).toEqual(['package.json']);
  });
});

describe('site init docs', () => {
  // Two builds of the starter, one with Pagefind: slower than the others on a busy machine.
  it('shows the search on the right of the header once the one line says so, and ships none of it before', { timeout: 120_000 }, () => {
    const made = site(work, 'init', 'docs', 'docs-search');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'docs-search');
    const home = () => fs.readFileSync(path.join(folder, 'dist/index.html'), 'utf8');
    const scripts = () => filesIn(path.join(folder, 'dist')).filter((file) => file.endsWith('.js'));
    const policy = () => /Content-Security-Policy: (.*)/.exec(fs.readFileSync(path.join(folder, 'dist/_headers'), 'utf8'))![1]!;
    const off = site(folder, 'build');
    expect(off.status, off.stderr).toBe(0);
    expect(home()).not.toContain('data-island="Search"');
    expect(home()).not.toContain('search-');
    expect(fs.existsSync(path.join(folder, 'dist/pagefind'))).toBe(false);
    expect(policy()).not.toContain('wasm-unsafe-eval');
    const scriptsOff = scripts();

    const config = path.join(folder, 'site.config.tsx');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('const search = false;', 'const search = true;'));
    const on = site(folder, 'build');
    expect(on.status, on.stderr).toBe(0);
    // In the header's actions, before the theme toggle.
    expect(home()).toMatch(/<div class="header-actions">[\s\S]*data-island="Search"[\s\S]*data-island="ThemeToggle"[\s\S]*<\/header>/);
    expect(policy()).toContain('wasm-unsafe-eval');
    const entry = JSON.parse(fs.readFileSync(path.join(folder, 'dist/pagefind/pagefind-entry.json'), 'utf8'));
    // The five pages: not the 404 page.
    expect(entry.languages.en.page_count).toBe(5);
    // The island's code is the only script the search adds to the site's own (Pagefind's are under pagefind/).
    expect(scripts().filter((file) => !file.startsWith('pagefind/') && !scriptsOff.includes(file)).length).toBeGreaterThan(0);
  });

  it('leaves a heading a component draws without an id out of the docs starter’s table of contents', { timeout: 120_000 }, () => {
    const made = site(work, 'init', 'docs', 'docs-drawn-heading');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'docs-drawn-heading');
    fs.writeFileSync(
      path.join(folder, 'content/guides/cards.mdx'),
      [
        '---',
        'title: Cards',
        'description: A page whose component draws a heading.',
        'sort: 9',
        '---',
        'export const Card = ({ title }) => <section><h3>{title}</h3></section>;',
        '',
        '## Written',
        '',
        '<Card title="Drawn by a card" />',
        '',
      ].join('\n'),
    );
    const built = site(folder, 'build');
    expect(built.status, built.stdout + built.stderr).toBe(0);
    const page = fs.readFileSync(path.join(folder, 'dist/guides/cards/index.html'), 'utf8');
    const contents = /<nav aria-label="On this page">(.*?)<\/nav>/.exec(page)![1]!;
    expect([...contents.matchAll(/<a href="([^"]+)"/g)].map((link) => link[1])).toEqual(['#written']);
  });

  it('starts a documentation site whose pages have a sidebar, a table of contents, previous/next links and code blocks, and it builds', () => {
    const made = site(work, 'init', 'docs', 'my-docs');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'my-docs');
    expect(made.stdout).toContain('Started a site in my-docs/:');
    expect(filesIn(folder)).toEqual(['package.json', ...starterFiles('docs')].sort());
    expect(starterFiles('docs')).toContain('content/guides/code-blocks.mdx');

    const built = site(folder, 'build');
    expect(built.status, built.stdout + built.stderr).toBe(0);
    expect(built.stdout).toMatch(/Built 7 pages from 6 files/);
    const page = fs.readFileSync(path.join(folder, 'dist/guides/code-blocks/index.html'), 'utf8');
    // The sidebar lists every page in its section, in the order of their `sort`, the current one marked.
    const sidebar = /<nav aria-label="Documentation">(.*?)<\/nav>/.exec(page)![1]!;
    expect([...sidebar.matchAll(/<a href="([^"]+)"/g)].map((link) => link[1])).toEqual([
      '/',
      '/start/installation',
      '/start/first-page',
      '/guides/writing-pages',
      '/guides/code-blocks',
    ]);
    expect([...sidebar.matchAll(/<p class="sidebar-label"[^>]*>([^<]+)/g)].map((label) => label[1])).toEqual([
      'Start here',
      'Getting started',
      'Guides',
    ]);
    expect(sidebar.match(/aria-current="page"/g)).toHaveLength(1);
    expect(sidebar).toContain('<a href="/guides/code-blocks" aria-current="page">Code blocks</a>');
    // The table of contents, from the page's headings.
    const contents = /<nav aria-label="On this page">(.*?)<\/nav>/.exec(page)![1]!;
    expect([...contents.matchAll(/<a href="#([^"]+)"/g)].map((link) => link[1])).toEqual([
      'a-title',
      'marked-lines-and-words',
      'inserted-and-deleted-lines',
      'line-numbers',
    ]);
    // The last page has a previous page and no next one; the first has only a next.
    expect(page).toContain('<a class="pager-previous" href="/guides/writing-pages" rel="prev">');
    expect(page).not.toContain('rel="next"');
    const home = fs.readFileSync(path.join(folder, 'dist/index.html'), 'utf8');
    expect(home).toContain('<a class="pager-next" href="/start/installation" rel="next">');
    expect(home).not.toContain('rel="prev"');
    // Code blocks with their titles and marks, and the copy button; a callout no page imports.
    expect(page).toContain('<figure class="code-block"><figcaption class="code-title">src/greet.js</figcaption>');
    expect(page).toContain('<mark class="line highlighted">');
    expect(page).toContain('<del class="line diff remove">');
    expect(page).toContain('data-island="CopyCode"');
    expect(fs.readFileSync(path.join(folder, 'dist/guides/writing-pages/index.html'), 'utf8')).toContain(
      '<aside class="callout callout-caution" aria-label="Caution"><p class="callout-title">Caution</p>',
    );
    // The theme is applied by a script in the <head>, allowed by its hash in the policy.
    const script = /<head>.*<script>(.+?)<\/script><\/head>/.exec(page)![1]!;
    expect(script).toContain('localStorage.getItem("theme")');
    const hash = crypto.createHash('sha256').update(script).digest('base64');
    expect(fs.readFileSync(path.join(folder, 'dist/_headers'), 'utf8')).toContain(`'sha256-${hash}'`);
    // A hidden page is in no sidebar.
    expect(fs.readFileSync(path.join(folder, 'dist/404.html'), 'utf8')).toContain('<h1>Page not found</h1>');
    expect(sidebar).not.toContain('/404');
  });

  it('takes a folder after the starter, and a folder alone as before; a second word after no starter is refused', () => {
    const blog = site(work, 'init', 'blog', 'docs');
    expect(blog.status, blog.stderr).toBe(0);
    expect(fs.existsSync(path.join(work, 'docs/content/posts/hello-world.md'))).toBe(true);
    const here = path.join(work, 'docs-here');
    fs.mkdirSync(here);
    const inPlace = site(here, 'init', 'docs');
    expect(inPlace.status, inPlace.stderr).toBe(0);
    expect(inPlace.stdout).toContain('Started a site in this folder:');
    expect(fs.existsSync(path.join(here, 'content/guides/code-blocks.mdx'))).toBe(true);
    const wrong = site(work, 'init', 'doc', 'elsewhere');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe('error: "doc" is not a starter of site init: expected blog or docs.\n(run with --help for usage)\n');
    expect(fs.existsSync(path.join(work, 'elsewhere'))).toBe(false);
  });
});

describe('site init --locales', () => {
  const read = (folder: string, file: string) => fs.readFileSync(path.join(folder, 'dist', file), 'utf8');

  it('writes the blog in English, German and Arabic: routes per locale, hreflang, a switcher, dates and words per locale, Arabic right to left', () => {
    const made = site(work, 'init', '--locales', 'en,de,ar', 'polyglot');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'polyglot');
    const files = filesIn(folder);
    expect(files.filter((file) => file.startsWith('content/'))).toEqual([
      'content/404.md',
      'content/ar/404.md',
      'content/ar/index.md',
      'content/ar/posts/hello-world.md',
      'content/de/404.md',
      'content/de/index.md',
      'content/de/posts/hello-world.md',
      'content/index.md',
      'content/posts/hello-world.md',
    ]);
    expect(made.stdout).not.toContain('translate these');
    const config = fs.readFileSync(path.join(folder, 'site.config.tsx'), 'utf8');
    expect(config).toContain("    defaultLocale: 'en',\n    locales: ['en', 'de', 'ar'],\n");
    expect(fs.readFileSync(path.join(folder, 'src/strings.ts'), 'utf8')).toMatch(/^ {2}en: \{$[\s\S]*^ {2}de: \{$[\s\S]*^ {2}ar: \{$/m);
    expect(fs.readFileSync(path.join(folder, 'src/strings.ts'), 'utf8')).not.toContain('  fr: {');

    const built = site(folder, 'build');
    expect(built.status, built.stdout + built.stderr).toBe(0);
    const german = read(folder, 'de/posts/hello-world/index.html');
    expect(german).toContain('<html lang="de" dir="ltr">');
    expect(german).toContain('<h1>Hallo, Welt</h1>');
    expect(german).toContain('<time dateTime="2026-01-15">15. Januar 2026</time>');
    for (const [lang, url] of [
      ['en', '/posts/hello-world'],
      ['de', '/de/posts/hello-world'],
      ['ar', '/ar/posts/hello-world'],
      ['x-default', '/posts/hello-world'],
    ])
      expect(german).toContain(`<link rel="alternate" hrefLang="${lang}" href="https://example.com${url}"/>`);
    const switcher = /<nav aria-label="Sprache" class="switcher">(.*?)<\/nav>/.exec(german)![1]!;
    expect([...switcher.matchAll(/<a href="([^"]+)" hrefLang="(\w+)"[^>]*>([^<]+)<\/a>/g)].map((link) => link.slice(1))).toEqual([
      ['/posts/hello-world', 'en', 'English'],
      ['/de/posts/hello-world', 'de', 'Deutsch'],
      ['/ar/posts/hello-world', 'ar', 'العربية'],
    ]);
    expect(switcher).toContain('aria-current="page">Deutsch');
    // The island's words come from the German table.
    expect(german).toContain('Link kopieren');
    const germanHome = read(folder, 'de/index.html');
    expect(germanHome).toContain('<a class="site-name" href="/de">My site</a>');
    expect(germanHome).toContain('<h2 id="posts-heading">Beiträge</h2>');
    expect(germanHome).toContain('<a href="/de/posts/hello-world">Hallo, Welt</a>');
    const arabic = read(folder, 'ar/index.html');
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('<h2 id="posts-heading">المقالات</h2>');
    expect(read(folder, 'index.html')).toContain('<html lang="en" dir="ltr">');
    expect(read(folder, 'sitemap.xml')).toContain(
      '<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/posts/hello-world"/>',
    );
  });

  it("gives a language it has no text in the default locale's, says to translate it, and a regional code its language's", () => {
    const made = site(work, 'init', '--locales', 'de,ja,fr-CA', 'mirrored');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'mirrored');
    expect(made.stdout).toContain('content/ja/ and the ja table of src/strings.ts hold the German text: translate these.\n');
    expect(made.stdout).not.toContain('content/fr-CA/ and');
    const page = (file: string) => fs.readFileSync(path.join(folder, 'content', file), 'utf8');
    expect(page('ja/posts/hello-world.md')).toBe(page('posts/hello-world.md'));
    expect(page('posts/hello-world.md')).toContain('title: Hallo, Welt');
    expect(page('fr-CA/posts/hello-world.md')).toContain('title: Bonjour, le monde');
    const built = site(folder, 'build');
    expect(built.status, built.stdout + built.stderr).toBe(0);
    expect(read(folder, 'ja/index.html')).toContain('<html lang="ja" dir="ltr">');
    expect(read(folder, 'fr-CA/index.html')).toContain('<h2 id="posts-heading">Articles</h2>');
  });

  it.each([
    [
      'en,,de',
      'site: --locales "en,,de": code 2 is empty; expected codes separated by commas, such as --locales en,de (the first is the default language).\n',
    ],
    [
      'en,de_DE',
      'site: --locales: "de_DE" is not a language code; expected a tag such as de, fr or pt-BR (parts joined by "-"), such as --locales en,de (the first is the default language).\n',
    ],
    ['en,xx', 'site: --locales: "xx" names no language or region that Intl knows; expected a code such as de, fr, es or ar.\n'],
    ['en,de,EN', 'site: --locales: "EN" is named twice; name each language once.\n'],
  ])('refuses --locales %s with exit 2 and writes nothing', (codes, message) => {
    const refused = site(work, 'init', '--locales', codes, 'refused');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(message);
    expect(fs.existsSync(path.join(work, 'refused'))).toBe(false);
  });
});

describe('site init docs --locales', () => {
  const read = (folder: string, file: string) => fs.readFileSync(path.join(folder, 'dist', file), 'utf8');
  /** The sidebar's section labels and links, and the pager's words and links, of a built page. */
  const sidebarOf = (page: string) =>
    [
      ...page
        .slice(page.indexOf('<details class="sidebar">'), page.indexOf('</details>'))
        .matchAll(/class="sidebar-label"[^>]*>([^<]+)<|<a href="([^"]+)"(?: aria-current="page")?>([^<]+)<\/a><\/li>/g),
    ].map((match) => match[1] ?? `${match[2]} ${match[3]}`);
  const pagerOf = (page: string) =>
    [
      ...page.matchAll(
        /<a class="pager-\w+" href="([^"]+)" rel="\w+"><span class="pager-direction">([^<]+)<\/span><span class="pager-title">([^<]+)</g,
      ),
    ].map((match) => match.slice(1).join(' '));

  it('writes the docs in English, German and Arabic: a sidebar, previous/next and words per language, a switcher, Arabic right to left', () => {
    const made = site(work, 'init', 'docs', '--locales', 'en,de,ar', 'docs-polyglot');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'docs-polyglot');
    const files = filesIn(folder);
    const pages = [
      '404.md',
      'guides/code-blocks.mdx',
      'guides/writing-pages.mdx',
      'index.mdx',
      'start/first-page.mdx',
      'start/installation.mdx',
    ];
    expect(files.filter((file) => file.startsWith('content/'))).toEqual(
      [
        ...pages.map((page) => `content/ar/${page}`),
        ...pages.map((page) => `content/de/${page}`),
        ...pages.map((page) => `content/${page}`),
      ].sort(),
    );
    // The docs starter's own files, not a second copy: the English pages and the stylesheet are the one-language starter's.
    const docs = path.resolve('src/init/starters/docs');
    for (const file of ['src/styles.css', 'content/start/installation.mdx', 'tsconfig.json'])
      expect(fs.readFileSync(path.join(folder, file), 'utf8')).toBe(fs.readFileSync(path.join(docs, file), 'utf8'));
    expect(files).toContain('src/LanguageSwitcher.tsx');
    expect(fs.readFileSync(path.join(folder, 'site.config.tsx'), 'utf8')).toContain(
      "    defaultLocale: 'en',\n    locales: ['en', 'de', 'ar'],\n",
    );

    const built = site(folder, 'build');
    expect(built.status, built.stdout + built.stderr).toBe(0);
    const german = read(folder, 'de/start/installation/index.html');
    expect(german).toContain('<html lang="de" dir="ltr">');
    expect(german).toContain('<h1>Installation</h1>');
    expect(sidebarOf(german)).toEqual([
      'Hier beginnen',
      '/de Einführung',
      'Erste Schritte',
      '/de/start/installation Installation',
      '/de/start/first-page Ihre erste Seite',
      'Anleitungen',
      '/de/guides/writing-pages Seiten schreiben',
      '/de/guides/code-blocks Codeblöcke',
    ]);
    expect(german).toContain('<a href="/de/start/installation" aria-current="page">Installation</a>');
    expect(pagerOf(german)).toEqual(['/de Zurück Einführung', '/de/start/first-page Weiter Ihre erste Seite']);
    const switcher = /<nav aria-label="Sprache" class="switcher">(.*?)<\/nav>/.exec(german)![1]!;
    expect([...switcher.matchAll(/<a href="([^"]+)" hrefLang="(\w+)"[^>]*>([^<]+)<\/a>/g)].map((link) => link.slice(1))).toEqual([
      ['/start/installation', 'en', 'English'],
      ['/de/start/installation', 'de', 'Deutsch'],
      ['/ar/start/installation', 'ar', 'العربية'],
    ]);
    expect(german).toContain('<span>Dunkles Design</span>');
    expect(german).toContain('<link rel="alternate" hrefLang="ar" href="https://example.com/ar/start/installation"/>');

    const arabic = read(folder, 'ar/guides/code-blocks/index.html');
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(pagerOf(arabic)).toEqual(['/ar/guides/writing-pages السابق كتابة الصفحات']);
    expect(sidebarOf(arabic)).toContain('الأدلة');
    const english = read(folder, 'start/installation/index.html');
    expect(sidebarOf(english)).toContain('/start/first-page Your first page');
    expect(sidebarOf(english).filter((line) => line.startsWith('/de') || line.startsWith('/ar'))).toEqual([]);
    expect(read(folder, 'de/404.html')).toContain('Unter dieser Adresse gibt es keine Seite.');
  });

  it('searches each language on its own once the one line turns it on, the search in the page’s words', { timeout: 120_000 }, () => {
    const made = site(work, 'init', 'docs', '--locales', 'en,de,ar', 'docs-searched');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'docs-searched');
    const config = path.join(folder, 'site.config.tsx');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('const search = false;', 'const search = true;'));
    const built = site(folder, 'build');
    expect(built.status, built.stdout + built.stderr).toBe(0);
    // Pagefind splits the index by <html lang>: five pages in each language, the not-found pages in none.
    const entry = JSON.parse(read(folder, 'pagefind/pagefind-entry.json')) as { languages: Record<string, { page_count: number }> };
    expect(Object.fromEntries(Object.entries(entry.languages).map(([lang, index]) => [lang, index.page_count]))).toEqual({
      en: 5,
      de: 5,
      ar: 5,
    });
    expect(read(folder, 'de/start/installation/index.html')).toMatch(/<button[^>]*>[\s\S]*?Suchen[\s\S]*?<\/button>/);
    expect(read(folder, 'ar/index.html')).toContain('يحتاج البحث إلى JavaScript.');
  });

  it('gives a language it has no text in the default locale’s, and says to translate it', () => {
    const made = site(work, 'init', 'docs', '--locales', 'fr,ja', 'docs-mirrored');
    expect(made.status, made.stderr).toBe(0);
    const folder = path.join(work, 'docs-mirrored');
    expect(made.stdout).toContain('content/ja/ and the ja table of src/strings.ts hold the French text: translate these.\n');
    const page = (file: string) => fs.readFileSync(path.join(folder, 'content', file), 'utf8');
    expect(page('start/installation.mdx')).toContain('title: Installation\ndescription: Installer les outils');
    expect(page('ja/start/installation.mdx')).toBe(page('start/installation.mdx'));
    const built = site(folder, 'build');
    expect(built.status, built.stdout + built.stderr).toBe(0);
    expect(read(folder, 'ja/index.html')).toContain('<p class="sidebar-label" id="sidebar-section-0">Commencer ici</p>');
  });
});
