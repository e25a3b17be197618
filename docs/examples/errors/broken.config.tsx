import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function Page({ entry }: PageProps) {
  return <h1>{entry.data.title}</h1>;
}

/** A site definition with mistakes: `site --config broken.config.tsx build` lists them and builds nothing. */
export default defineSite({
  name: 'Mistakes',
  lang: 'English',
  origin: 'https://mistakes.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'pages',
      include: ['**/*.md'],
      schema: () => z.object({ title: z.string(), description: z.string() }),
      template: 'pgae',
    }),
  ],
  templates: { page: { component: Page, styles: ['main'] } },
  layout: Layout,
  styles: { main: 'styles/main.css' },
  islands: {},
  notFound: '/404',
  // @ts-expect-error TypeScript catches this one too: the field is `sitemap`.
  sitemaps: false,
});
