import { defineCollection, defineSite, z, type LayoutProps } from 'stillsite';
import { Page } from './src/pages.tsx';
import { TagPage, tagRoutes } from './src/tags.tsx';

const base = { title: z.string().min(1), description: z.string().min(1), hidden: z.boolean().optional() };

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

export default defineSite({
  name: 'Tagged',
  lang: 'en',
  origin: 'https://tagged.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'posts',
      include: ['posts/*.md'],
      schema: () => z.strictObject({ ...base, tags: z.array(z.string().regex(/^[a-z-]+$/)).min(1) }),
      template: 'page',
    }),
    defineCollection({ name: 'pages', include: ['*.md'], schema: () => z.strictObject(base), template: 'page' }),
  ],
  templates: {
    page: { component: Page, styles: [] },
    tag: { component: TagPage, styles: [] },
  },
  layout: Layout,
  styles: {},
  islands: {},
  // Pages derived from the content: planned, rendered and listed in the sitemap like any other.
  routes: tagRoutes,
  notFound: '/404',
});
