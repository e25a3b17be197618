import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

/** Every Markdown file is a page: a title and a description, checked when the site builds. */
const pages = defineCollection({
  name: 'pages',
  include: ['**/*.md'],
  schema: () =>
    z.strictObject({
      title: z.string().min(1),
      description: z.string().min(1),
      hidden: z.boolean().optional(),
    }),
  template: 'page',
});

/** Around every page. With no island and no startup module, the site ships no JavaScript. */
function Layout({ children, site }: LayoutProps) {
  return (
    <>
      <header>
        <a href="/">{site.name}</a>
      </header>
      <main>{children}</main>
    </>
  );
}

/** One page: its title (the page's one h1) and its Markdown. */
function Page({ entry, html }: PageProps) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export default defineSite({
  name: 'Minimal',
  lang: 'en',
  origin: 'https://minimal.example',
  contentDir: 'content',
  publicDir: 'public',
  favicon: '/favicon.svg',
  collections: [pages],
  templates: { page: { component: Page, styles: ['main'] } },
  layout: Layout,
  styles: { main: 'styles.css' },
  islands: {},
  notFound: '/404',
});
