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
  name: 'Moved',
  lang: 'en',
  origin: 'https://moved.example',
  contentDir: 'content',
  collections: [defineCollection({ name: 'pages', include: ['**/*.md'], schema: () => z.strictObject({ title: z.string().min(1), description: z.string().min(1) }), template: 'page' })],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  // Old paths and the pages now at them: written to _redirects, and as a page at each old path.
  redirects: {
    '/team': '/about/team',
    '/about-us.html': '/about',
  },
  notFound: '/404',
});
