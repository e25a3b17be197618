/**
 * The same sites written for each tool of `peers.ts`, in three page shapes (issue 44), each
 * rendered through one layout (a header, a nav, a main and a footer) whose markup is the same in
 * Hugo's, Eleventy's and stillsite's template language:
 *
 * - `minimal`: N case studies (front matter with a title, a date and a summary; a short Markdown
 *   body with a heading, paragraphs, a list and a link to the next case study) and a 404 page;
 * - `case-study`: the same front matter over a typical real case study of about 420 words, with
 *   `##` and `###` headings, a list, a GFM table, bold text and a link to the next one;
 * - `cheat-sheet`: N cheat sheets without front matter, as the corpus of issue 44 writes them: a
 *   `# name` heading and a `>` description (the page's title and description, computed by each
 *   tool the way its users do), then eight list items each followed by a line of inline code; a
 *   third of them hold a bare URL. No 404 page: a site of plain Markdown files has none.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export const TOOLS = ['hugo', 'eleventy', 'stillsite'] as const;
export type Tool = (typeof TOOLS)[number];

export const SHAPES = ['minimal', 'case-study', 'cheat-sheet'] as const;
export type Shape = (typeof SHAPES)[number];

/** Where each tool's pages live under its site folder (Hugo reads `content/`). */
const PAGES_DIR: Record<Tool, string> = { hugo: 'content', eleventy: '.', stillsite: 'content' };

/** The file a one-file-edit rebuild changes, relative to the site folder. */
export function editedFile(shape: Shape): string {
  return path.join(PAGES_DIR.stillsite, shape === 'cheat-sheet' ? 'sheets/sheet-1.md' : 'case-studies/case-1.md');
}

const WORDS =
  'the team moved each nightly batch into a governed stream so analysts saw fresh figures within minutes instead of days we measured every step before changing it and kept the old jobs running until the numbers matched'.split(
    ' ',
  );

function words(seed: number, count: number): string {
  return Array.from({ length: count }, (_, i) => WORDS[(seed * 7 + i * 5) % WORDS.length]).join(' ');
}

/** The front matter of case study `i`, the same in both shapes. */
function caseStudyFrontMatter(i: number): string[] {
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  return [
    '---',
    `title: "Case study ${i}: a ${words(i, 2)} platform"`,
    `date: "2025-${month}-${day}"`,
    `summary: "How the client ${words(i + 1, 6)}."`,
    '---',
  ];
}

/** Case study `i` of `n`: the same bytes for every tool. */
export function caseStudy(i: number, n: number): string {
  const next = (i % n) + 1;
  return [
    ...caseStudyFrontMatter(i),
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

/** A case study of about 420 words as a real site has them: sections, a table, a list, bold text. */
export function longCaseStudy(i: number, n: number): string {
  const next = (i % n) + 1;
  return [
    ...caseStudyFrontMatter(i),
    '',
    `Our client ${words(i, 40)}. **${words(i + 1, 6)}** ${words(i + 2, 20)}.`,
    '',
    '## The challenge',
    '',
    `${words(i + 3, 45)}. ${words(i + 4, 25)}.`,
    '',
    '### Where the time went',
    '',
    `${words(i + 5, 35)}, and **${words(i + 6, 4)}** ${words(i + 7, 12)}.`,
    '',
    '## What we did',
    '',
    `${words(i + 8, 40)}.`,
    '',
    `- ${words(i + 9, 9)}`,
    `- ${words(i + 10, 11)}`,
    `- **${words(i + 11, 3)}**: ${words(i + 12, 8)}`,
    `- ${words(i + 13, 10)}`,
    '',
    '### The figures',
    '',
    '| Measure | Before | After |',
    '|---|---:|---:|',
    `| Time to fresh figures | ${(i % 9) + 2} days | ${(i % 50) + 5} minutes |`,
    `| Failed nightly runs | ${(i % 7) + 3} a month | ${i % 2} a month |`,
    `| Analysts served | ${(i % 40) + 10} | ${(i % 90) + 60} |`,
    '',
    '## The outcome',
    '',
    `${words(i + 14, 45)}. ${words(i + 15, 30)}.`,
    '',
    `${words(i + 16, 25)}. Read [the next case study](/case-studies/case-${next}/) for ${words(i + 17, 12)}.`,
    '',
  ].join('\n');
}

const COMMAND_WORDS = 'list copy move find archive compress search print count sort compare fetch'.split(' ');

/** Cheat sheet `i`: no front matter, a `# name`, a `>` description, eight examples; every third with a bare URL. */
export function cheatSheet(i: number): string {
  const name = `tool-${i}`;
  const examples = Array.from({ length: 8 }, (_, k) => {
    const verb = COMMAND_WORDS[(i + k) % COMMAND_WORDS.length]!;
    return [`- ${verb[0]!.toUpperCase()}${verb.slice(1)} ${words(i + k, 6)}:`, '', `\`${name} --${verb} {{path/to/file_${k}}}\``, ''];
  }).flat();
  return [
    `# ${name}`,
    '',
    `> ${words(i, 9)[0]!.toUpperCase()}${words(i, 9).slice(1)}.`,
    i % 3 === 0 ? `> More information: https://tools.example/${name}/manual.` : `> See also: \`tool-${i + 1}\`.`,
    '',
    ...examples,
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

// The cheat sheets' layout: their Markdown holds the page's h1, so the article is the body alone.
const SHEET_HEAD = HEAD;
const SHEET_HEADER = '<header><a href="/sheets/sheet-1/">Cheat sheets</a></header>\n';
const SHEET_ARTICLE = (content: string) => `<main><article>${content}</article></main>\n`;

// Hugo gives a page without front matter no title: its users take it from the raw Markdown in the template.
const HUGO_SHEET_LAYOUT =
  '{{ $title := index (findRESubmatch `(?m)^# (.+)$` .RawContent 1) 0 1 }}' +
  '{{ $description := index (findRESubmatch `(?m)^> (.+)$` .RawContent 1) 0 1 }}' +
  SHEET_HEAD('{{ $title }}', '{{ $description }}') +
  SHEET_HEADER +
  SHEET_ARTICLE('{{ .Content }}') +
  FOOTER +
  '</body>\n</html>\n';

// Eleventy's users compute the fields from the file in a directory data file.
const ELEVENTY_SHEET_DATA = `export default {
  layout: 'sheet.liquid',
  eleventyComputed: {
    title: (data) => /^# (.+)$/m.exec(data.page.rawInput)?.[1],
    description: (data) => /^> (.+)$/m.exec(data.page.rawInput)?.[1],
  },
};
`;
const ELEVENTY_SHEET_LAYOUT =
  SHEET_HEAD('{{ title }}', '{{ description }}') + SHEET_HEADER + SHEET_ARTICLE('{{ content }}') + FOOTER + '</body>\n</html>\n';
// Bare URLs become links, as GitHub and the other two tools make them; and the sheets' \`{{path}}\`
// placeholders are text, not Liquid (Eleventy's default runs Markdown through Liquid first).
const ELEVENTY_CONFIG = `export default function (eleventyConfig) {
  eleventyConfig.amendLibrary('md', (markdown) => markdown.set({ linkify: true }));
  return { markdownTemplateEngine: false };
}
`;

const STILLSITE_SHEET_CONFIG = `import { defineCollection, defineSite, firstHeading, firstParagraph, z, type LayoutProps, type PageProps } from 'stillsite';

const sheets = defineCollection({
  name: 'sheets',
  include: ['sheets/*.md'],
  frontMatter: 'optional',
  computed: { title: ({ body }) => firstHeading(body), description: ({ body }) => firstParagraph(body) },
  schema: () => z.strictObject({ title: z.string(), description: z.string() }),
  template: 'sheet',
});

function Layout({ children }: LayoutProps) {
  return (
    <>
      <header><a href="/sheets/sheet-1/">Cheat sheets</a></header>
      {children}
      <footer><p>Peers, a benchmark site</p></footer>
    </>
  );
}

function Sheet({ html }: PageProps) {
  return <main><article dangerouslySetInnerHTML={{ __html: html }} /></main>;
}

export default defineSite({
  name: 'Peers',
  lang: 'en',
  origin: 'https://peers.example',
  contentDir: 'content',
  collections: [sheets],
  templates: { sheet: { component: Sheet, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  trailingSlash: 'always',
  sitemap: false,
  robots: false,
});
`;

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

/** Writes `tool`'s site with `n` pages of `shape` into `dir` (which must not exist yet). */
export async function writeSite(tool: Tool, dir: string, n: number, shape: Shape = 'minimal'): Promise<void> {
  if (shape === 'cheat-sheet') return writeSheets(tool, dir, n);
  const pages = path.join(dir, PAGES_DIR[tool]);
  const page = shape === 'case-study' ? longCaseStudy : caseStudy;
  await fs.mkdir(path.join(pages, 'case-studies'), { recursive: true });
  for (let i = 1; i <= n; i++) await fs.writeFile(path.join(pages, `case-studies/case-${i}.md`), page(i, n));
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

/** Writes `tool`'s site of `n` cheat sheets into `dir`. */
async function writeSheets(tool: Tool, dir: string, n: number): Promise<void> {
  const pages = path.join(dir, PAGES_DIR[tool]);
  await fs.mkdir(path.join(pages, 'sheets'), { recursive: true });
  for (let i = 1; i <= n; i++) await fs.writeFile(path.join(pages, `sheets/sheet-${i}.md`), cheatSheet(i));
  if (tool === 'hugo') {
    await fs.mkdir(path.join(dir, 'layouts/_default'), { recursive: true });
    await fs.writeFile(path.join(dir, 'layouts/_default/single.html'), HUGO_SHEET_LAYOUT);
    await fs.writeFile(path.join(dir, 'hugo.toml'), HUGO_CONFIG);
  } else if (tool === 'eleventy') {
    await fs.writeFile(path.join(pages, 'sheets/sheets.11tydata.js'), ELEVENTY_SHEET_DATA);
    await fs.writeFile(path.join(dir, 'eleventy.config.js'), ELEVENTY_CONFIG);
    await fs.mkdir(path.join(dir, '_includes'), { recursive: true });
    await fs.writeFile(path.join(dir, '_includes/sheet.liquid'), ELEVENTY_SHEET_LAYOUT);
  } else {
    await fs.writeFile(path.join(dir, 'site.config.tsx'), STILLSITE_SHEET_CONFIG);
  }
}
