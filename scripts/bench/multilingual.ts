/**
 * `npm run bench:multilingual`: a multilingual site of L locales × N pages built by stillsite and by
 * Hugo (its multilingual mode, `contentDir` per language), in one interleaved run: wall, CPU and
 * peak memory of each clean build, each in a process of its own (`peer-runs.ts`); then
 * stillsite alone: a rebuild after editing one page of one locale, and which pages it rewrote.
 *
 *   npm run bench:multilingual                          # 40 locales × 1,000 pages, 3 rounds
 *   npm run bench:multilingual -- --locales 10 --pages 100 --runs 1
 *
 * Both sites have the same pages, bench:peers's minimal case studies (`peers-sites.ts`), each
 * linking to the next case study of its locale, in a layout whose `<head>` names every translation (`hreflang`,
 * plus `x-default`) and whose `<html>` carries the locale's `lang` and `dir`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { installPacked, timed, type Timing } from './peer-runs.ts';
import { caseStudy } from './peers-sites.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    locales: { type: 'string', default: '40' },
    pages: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: 'reports/multilingual.json' },
    work: { type: 'string' },
  },
});
const localeCount = Number(values.locales);
const pageCount = Number(values.pages);
const runs = Number(values.runs);
/** Forty languages, three of them right to left and three in CJK scripts; English is the default. */
const CODES =
  'en de fr es it pt nl sv da nb fi pl cs sk hu ro bg el ru uk tr ar fa he ur hi bn ta th vi id ms zh ja ko ka hy sr hr sl'.split(' ');
const RTL = new Set(['ar', 'fa', 'he', 'ur']);
if (![localeCount, pageCount, runs].every((n) => Number.isInteger(n) && n >= 1) || localeCount > CODES.length) {
  console.error(`bench:multilingual: --locales takes 1 to ${CODES.length}, --pages and --runs whole numbers of at least 1.`);
  process.exit(2);
}
const codes = CODES.slice(0, localeCount);

/** Case study `i` in one locale: `peers-sites.ts`'s page, its title naming the locale and its link kept in the locale. */
function page(code: string, i: number): string {
  const prefix = code === 'en' ? '' : `/${code}`;
  return caseStudy(i, pageCount).replace('title: "', `title: "(${code}) `).replace('](/case-studies/', `](${prefix}/case-studies/`);
}

const HUGO_LAYOUT = `<!doctype html>
<html lang="{{ .Language.Lang }}" dir="{{ .Language.LanguageDirection | default "ltr" }}">
<head><meta charset="utf-8"><title>{{ .Title }}</title><meta name="description" content="{{ .Params.summary }}">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
{{ end }}{{ range where .AllTranslations "Lang" "en" }}<link rel="alternate" hreflang="x-default" href="{{ .Permalink }}">
{{ end }}</head>
<body>
<header><nav>{{ range .AllTranslations }}<a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}">{{ .Language.LanguageName }}</a> {{ end }}</nav></header>
<main><article><h1>{{ .Title }}</h1><p><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "2006-01-02" }}</time></p><div>{{ .Content }}</div></article></main>
</body>
</html>
`;

function hugoConfig(): string {
  return [
    'baseURL = "https://peers.example/"',
    'title = "Peers"',
    'defaultContentLanguage = "en"',
    'defaultContentLanguageInSubdir = false',
    // Pages and the sitemap (which names every translation), as stillsite writes them here.
    'disableKinds = ["home", "section", "taxonomy", "term", "RSS", "robotsTXT", "404"]',
    ...codes.flatMap((code, i) => [
      `[languages.${code}]`,
      `languageCode = "${code}"`,
      `languageName = "${code.toUpperCase()}"`,
      `languageDirection = "${RTL.has(code) ? 'rtl' : 'ltr'}"`,
      `contentDir = "content/${code}"`,
      `weight = ${i + 1}`,
    ]),
    '',
  ].join('\n');
}

function stillsiteConfig(): string {
  const locales = codes.map((code) => (RTL.has(code) ? `{ code: '${code}', dir: 'rtl' }` : `'${code}'`)).join(', ');
  return `import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

const posts = defineCollection({
  name: 'case-studies',
  include: ['case-studies/*.md'],
  schema: () => z.strictObject({ title: z.string(), date: z.string(), summary: z.string() }),
  template: 'page',
});

function Layout({ children, translations }: LayoutProps) {
  return (
    <>
      <header><nav>{translations.map((translation) => <a key={translation.locale.code} href={translation.url} hrefLang={translation.locale.lang}>{translation.locale.name}</a>)}</nav></header>
      {children}
    </>
  );
}

function Page({ entry, html }: PageProps) {
  const { title, date } = entry.data as { title: string; date: string };
  return (
    <main><article><h1>{title}</h1><p><time dateTime={date}>{date}</time></p><div dangerouslySetInnerHTML={{ __html: html }} /></article></main>
  );
}

export default defineSite({
  name: 'Peers',
  lang: 'en',
  i18n: { defaultLocale: 'en', locales: [${locales}] },
  origin: 'https://peers.example',
  contentDir: 'content',
  collections: [posts],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  trailingSlash: 'always',
  robots: false,
});
`;
}

/** Writes both sites: the same pages, in Hugo's folder per language and in stillsite's (the default locale at the top). */
function writeSites(dirs: { hugo: string; stillsite: string }): void {
  for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
  for (const code of codes) {
    const hugoPosts = path.join(dirs.hugo, 'content', code, 'case-studies');
    const stillPosts = path.join(dirs.stillsite, 'content', code === 'en' ? '' : code, 'case-studies');
    fs.mkdirSync(hugoPosts, { recursive: true });
    fs.mkdirSync(stillPosts, { recursive: true });
    for (let i = 1; i <= pageCount; i++) {
      const text = page(code, i);
      fs.writeFileSync(path.join(hugoPosts, `case-${i}.md`), text);
      fs.writeFileSync(path.join(stillPosts, `case-${i}.md`), text);
    }
  }
  fs.mkdirSync(path.join(dirs.hugo, 'layouts/_default'), { recursive: true });
  fs.writeFileSync(path.join(dirs.hugo, 'layouts/_default/single.html'), HUGO_LAYOUT);
  fs.writeFileSync(path.join(dirs.hugo, 'hugo.toml'), hugoConfig());
  fs.writeFileSync(path.join(dirs.stillsite, 'site.config.tsx'), stillsiteConfig());
}

/** The HTML files under `dir`, each with its bytes, to tell which ones a rebuild rewrote. */
function htmlFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, file), fs.readFileSync(file, 'utf8'));
    }
  }
  return files;
}

const work = values.work ? path.resolve(values.work) : fs.mkdtempSync(path.join(os.tmpdir(), 'multilingual-'));
fs.mkdirSync(work, { recursive: true });
const stillsite = installPacked(root, work, {}, 'bench:multilingual');
const dirs = { hugo: path.join(work, 'hugo'), stillsite: path.join(work, 'stillsite') };
writeSites(dirs);

function build(tool: 'hugo' | 'stillsite', clean: boolean): Promise<Timing> {
  const dir = dirs[tool];
  const out = path.join(dir, '_out');
  if (clean)
    for (const made of [out, path.join(dir, '.site-cache'), path.join(dir, 'resources')]) fs.rmSync(made, { recursive: true, force: true });
  if (tool === 'hugo') return timed('hugo', ['--quiet', '--source', dir, '--destination', out], dir, work);
  return timed(process.execPath, [stillsite, 'build', '--out', '_out'], dir, work);
}

const clean: Record<'hugo' | 'stillsite', Timing[]> = { hugo: [], stillsite: [] };
await build('hugo', true);
await build('stillsite', true);
for (let round = 0; round < runs; round++) {
  clean.hugo.push(await build('hugo', true));
  clean.stillsite.push(await build('stillsite', true));
  console.log(
    `round ${round + 1} of ${runs}: Hugo ${clean.hugo.at(-1)!.wall.toFixed(2)} s, stillsite ${clean.stillsite.at(-1)!.wall.toFixed(2)} s`,
  );
}

// One page of one locale edited: which pages does the rebuild rewrite?
// The last locale's page, so that a single-locale run edits its only one.
const lastLocale = codes.at(-1)!;
const edited = path.join(dirs.stillsite, 'content', lastLocale === 'en' ? '' : lastLocale, 'case-studies/case-1.md');
const before = htmlFiles(path.join(dirs.stillsite, '_out'));
fs.appendFileSync(edited, '\nOne more sentence.\n');
const oneEdit = await build('stillsite', false);
const after = htmlFiles(path.join(dirs.stillsite, '_out'));
const rewritten = [...after].filter(([file, html]) => before.get(file) !== html).map(([file]) => file);
const noChange = await build('stillsite', false);

const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
const figure = (list: Timing[], key: keyof Timing) => median(list.map((timing) => timing[key] ?? Number.NaN));
const ratio = (key: keyof Timing) =>
  median(clean.stillsite.map((timing, i) => (timing[key] ?? Number.NaN) / (clean.hugo[i]![key] ?? Number.NaN)));
const pages = codes.length * pageCount;
console.log(
  [
    '',
    `${codes.length} locales × ${pageCount.toLocaleString('en-US')} pages = ${pages.toLocaleString('en-US')} pages; ${os.cpus().length} cores, Node ${process.version}; one warm-up and ${runs} clean builds each, interleaved; medians`,
    '',
    '| | Hugo | stillsite | stillsite ÷ Hugo (median of the rounds) |',
    '|---|---:|---:|---:|',
    `| clean build, wall | ${figure(clean.hugo, 'wall').toFixed(2)} s | ${figure(clean.stillsite, 'wall').toFixed(2)} s | ${ratio('wall').toFixed(2)} |`,
    `| clean build, CPU | ${figure(clean.hugo, 'cpu').toFixed(2)} s | ${figure(clean.stillsite, 'cpu').toFixed(2)} s | ${ratio('cpu').toFixed(2)} |`,
    `| peak memory | ${figure(clean.hugo, 'memory').toFixed(0)} MB | ${figure(clean.stillsite, 'memory').toFixed(0)} MB | ${ratio('memory').toFixed(2)} |`,
    '',
    `stillsite, one page of one locale edited (${path.relative(dirs.stillsite, edited)}): ${oneEdit.wall.toFixed(2)} s (CPU ${oneEdit.cpu.toFixed(2)} s), rewrote ${rewritten.length} HTML files: ${rewritten.slice(0, 8).join(', ')}${rewritten.length > 8 ? ', …' : ''}`,
    `stillsite, nothing changed: ${noChange.wall.toFixed(2)} s (CPU ${noChange.cpu.toFixed(2)} s)`,
  ].join('\n'),
);
const outFile = path.resolve(root, values.out);
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(
  outFile,
  JSON.stringify({ date: new Date().toISOString(), locales: codes, pageCount, runs, clean, oneEdit, rewritten, noChange }, null, 2),
);
console.log(`Figures written to ${path.relative(root, outFile)}; sites kept in ${work}.`);
