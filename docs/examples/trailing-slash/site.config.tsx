import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

/** The menu: every link drawn from an entry's URL has the site's trailing slash. */
function Layout({ children, catalogue }: LayoutProps) {
  return (
    <>
      <nav aria-label="Guides">
        {catalogue.collection('guides').map((guide) => (
          <a key={guide.url} href={guide.url}>
            {guide.data.title}
          </a>
        ))}
      </nav>
      <main>{children}</main>
    </>
  );
}

function Page({ entry, html }: PageProps) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

const schema = () => z.strictObject({ title: z.string().min(1), description: z.string().min(1), hidden: z.boolean().optional() });

export default defineSite({
  name: 'Shore guides',
  lang: 'en',
  origin: 'https://shore-guides.example',
  contentDir: 'content',
  collections: [
    defineCollection({ name: 'guides', include: ['guides/*.md'], schema, template: 'page' }),
    defineCollection({ name: 'pages', include: ['*.md'], schema, template: 'page' }),
  ],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
  // Page URLs end in a slash: /guides/terns/, written as guides/terns/index.html.
  trailingSlash: 'always',
});
