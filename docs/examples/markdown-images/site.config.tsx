import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function Page({ entry, html }: PageProps) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export default defineSite({
  name: 'Shoreline',
  lang: 'en',
  origin: 'https://shoreline.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'pages',
      include: ['*.md'],
      dates: { published: 'createdDate' },
      schema: ({ date }) => z.strictObject({ title: z.string().min(1), description: z.string().min(1), createdDate: date().optional(), hidden: z.boolean().optional() }),
      template: 'page',
    }),
  ],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
  images: { widths: [480, 960] },
  // Feed items carry one variant of each image, at an absolute URL.
  feeds: [{ collection: 'pages', title: 'Shoreline', description: 'Every page.', rss: '/rss.xml', atom: '/atom.xml' }],
});
