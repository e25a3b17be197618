import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';
import { Head } from './src/head.tsx';

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

const base = { title: z.string().min(1), description: z.string().min(1), hidden: z.boolean().optional() };

export default defineSite({
  name: 'Notes',
  lang: 'en',
  origin: 'https://notes.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'posts',
      include: ['posts/*.md'],
      // The list page belongs to the next collection.
      exclude: ['posts/_index.md'],
      schema: ({ date }) => z.strictObject({ ...base, createdDate: date(), updatedDate: date().optional() }),
      // The fields holding each post's dates: feeds, the sitemap's lastmod and `order: 'newest'` read them.
      dates: { published: 'createdDate', updated: 'updatedDate' },
      template: 'page',
    }),
    defineCollection({ name: 'pages', include: ['**/*.md'], schema: () => z.strictObject(base), template: 'page' }),
  ],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
  head: Head,
  feeds: [
    {
      collection: 'posts',
      title: 'Notes',
      description: 'Every note, newest first.',
      link: '/posts',
      rss: '/posts/rss.xml',
      atom: '/posts/atom.xml',
      // Who wrote each item (default: the site, by name).
      author: (_entry, _catalogue, site) => ({ name: 'Sam Example', url: site.url('/') }),
    },
  ],
  // The defaults, written out: a sitemap of every visible page, and a robots.txt naming it.
  sitemap: true,
  robots: { disallow: ['/drafts/'] },
});
