import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';
import { BlogPage, blogRoutes } from './src/blog.tsx';

const base = { title: z.string().min(1), description: z.string().min(1) };

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
  name: 'Paged',
  lang: 'en',
  origin: 'https://paged.example',
  contentDir: 'content',
  collections: [
    defineCollection({ name: 'posts', include: ['posts/*.md'], schema: ({ date }) => z.strictObject({ ...base, date: date() }), dates: { published: 'date' }, template: 'page' }),
    defineCollection({ name: 'pages', include: ['*.md'], schema: () => z.strictObject(base), template: 'page' }),
  ],
  templates: {
    page: { component: Page, styles: [] },
    blog: { component: BlogPage, styles: [] },
  },
  layout: Layout,
  styles: {},
  islands: {},
  // The list's pages: /blog, /blog/2, /blog/3.
  routes: blogRoutes,
  notFound: '/404',
});
