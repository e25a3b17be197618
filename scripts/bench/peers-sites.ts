/**
 * The same minimal site written for each tool of `peers.ts`: N case studies (front matter with a
 * title, a date and a summary; a short Markdown body with a heading, paragraphs, a list and a link
 * to the next case study) and a 404 page, rendered through one layout (a header, a nav, a main and
 * a footer) whose markup is the same in Hugo's, Eleventy's and stillsite's template language.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export const TOOLS = ['hugo', 'eleventy', 'stillsite'] as const;
export type Tool = (typeof TOOLS)[number];

/** Where each tool's pages live under its site folder (Hugo reads `content/`). */
const PAGES_DIR: Record<Tool, string> = { hugo: 'content', eleventy: '.', stillsite: 'content' };

/** The file a one-file-edit rebuild changes, relative to the site folder. */
export const EDITED_FILE = path.join(PAGES_DIR.stillsite, 'case-studies/case-1.md');

const WORDS =
  'the team moved each nightly batch into a governed stream so analysts saw fresh figures within minutes instead of days we measured every step before changing it and kept the old jobs running until the numbers matched'.split(
    ' ',
  );

function words(seed: number, count: number): string {
  return Array.from({ length: count }, (_, i) => WORDS[(seed * 7 + i * 5) % WORDS.length]).join(' ');
}

/** Case study `i` of `n`: the same bytes for every tool. */
export function caseStudy(i: number, n: number): string {
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  const next = (i % n) + 1;
  return [
    '---',
    `title: "Case study ${i}: a ${words(i, 2)} platform"`,
    `date: "2025-${month}-${day}"`,
    `summary: "How the client ${words(i + 1, 6)}."`,
    '---',
    '',
    `Our client ${words(i, 24)}.`,
    '',
    '## What changed',
    '',
    `${words(i + 2, 30)}. ${words(i + 3, 18)}.`,
    '',
    `- ${words(i + 4, 5)}`,
    `- ${words(i + 5, 6)}`,
    `- ${words(i + 6, 4)}`,
    '',
    `Read [the next case study](/case-studies/case-${next}/) for ${words(i + 7, 8)}.`,
    '',
  ].join('\n');
}

const NOT_FOUND = [
  '---',
  'title: "Not found"',
  'date: "2025-01-01"',
  'summary: "This page does not exist."',
  '---',
  '',
  'Try [the first case study](/case-studies/case-1/).',
  '',
].join('\n');

// One layout, the same markup in each template language.
const HEAD = (title: string, summary: string) =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${title}</title><meta name="description" content="${summary}"></head>\n<body>\n`;
const HEADER =
  '<header><a href="/case-studies/case-1/">Peers</a><nav><a href="/case-studies/case-1/">First</a> <a href="/404/">Lost</a></nav></header>\n';
const ARTICLE = (title: string, date: string, summary: string, content: string) =>
  `<main><article><h1>${title}</h1><p><time datetime="${date}">${date}</time></p><p>${summary}</p><div>${content}</div></article></main>\n`;
const FOOTER = '<footer><p>Peers, a benchmark site</p></footer>\n';

const HUGO_LAYOUT =
  HEAD('{{ .Title }}', '{{ .Params.summary }}') +
  HEADER +
  ARTICLE('{{ .Title }}', '{{ .Date.Format "2006-01-02" }}', '{{ .Params.summary }}', '{{ .Content }}') +
  FOOTER +
  '</body>\n</html>\n';
const HUGO_CONFIG = [
  'baseURL = "https://peers.example/"',
  'languageCode = "en"',
  'title = "Peers"',
  // Pages only: no lists, feeds, sitemap or robots.txt, which the other two do not write either.
  'disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]',
  '',
].join('\n');

const ELEVENTY_LAYOUT =
  HEAD('{{ title }}', '{{ summary }}') +
  HEADER +
  ARTICLE('{{ title }}', '{{ page.date | date: "%Y-%m-%d" }}', '{{ summary }}', '{{ content }}') +
  FOOTER +
  '</body>\n</html>\n';

const STILLSITE_CONFIG = `import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

const pages = defineCollection({
  name: 'pages',
  include: ['**/*.md'],
  schema: () => z.strictObject({ title: z.string(), date: z.string(), summary: z.string() }),
  template: 'page',
});

function Layout({ children }: LayoutProps) {
  return (
    <>
      <header><a href="/case-studies/case-1/">Peers</a><nav><a href="/case-studies/case-1/">First</a> <a href="/404/">Lost</a></nav></header>
      {children}
      <footer><p>Peers, a benchmark site</p></footer>
    </>
  );
}

function Page({ entry, html }: PageProps) {
  const { title, date, summary } = entry.data as { title: string; date: string; summary: string };
  return (
    <main><article><h1>{title}</h1><p><time dateTime={date}>{date}</time></p><p>{summary}</p><div dangerouslySetInnerHTML={{ __html: html }} /></article></main>
  );
}

export default defineSite({
  name: 'Peers',
  lang: 'en',
  origin: 'https://peers.example',
  contentDir: 'content',
  collections: [pages],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404/',
  trailingSlash: 'always',
  // Pages only, as the other two write them.
  sitemap: false,
  robots: false,
});
`;

/** Writes `tool`'s site with `n` case studies into `dir` (which must not exist yet). */
export async function writeSite(tool: Tool, dir: string, n: number): Promise<void> {
  const pages = path.join(dir, PAGES_DIR[tool]);
  await fs.mkdir(path.join(pages, 'case-studies'), { recursive: true });
  for (let i = 1; i <= n; i++) await fs.writeFile(path.join(pages, `case-studies/case-${i}.md`), caseStudy(i, n));
  if (tool === 'hugo') {
    await fs.writeFile(path.join(pages, '404.md'), NOT_FOUND);
    await fs.mkdir(path.join(dir, 'layouts/_default'), { recursive: true });
    await fs.writeFile(path.join(dir, 'layouts/_default/single.html'), HUGO_LAYOUT);
    await fs.writeFile(path.join(dir, 'hugo.toml'), HUGO_CONFIG);
  } else if (tool === 'eleventy') {
    // The layout comes from the folder's data file, and the 404 page names it in its front matter.
    await fs.writeFile(path.join(pages, '404.md'), NOT_FOUND.replace('---\n', '---\nlayout: layout.liquid\n'));
    await fs.writeFile(path.join(pages, 'case-studies/case-studies.11tydata.json'), JSON.stringify({ layout: 'layout.liquid' }));
    await fs.mkdir(path.join(dir, '_includes'), { recursive: true });
    await fs.writeFile(path.join(dir, '_includes/layout.liquid'), ELEVENTY_LAYOUT);
  } else {
    await fs.writeFile(path.join(pages, '404.md'), NOT_FOUND);
    await fs.writeFile(path.join(dir, 'site.config.tsx'), STILLSITE_CONFIG);
  }
}
