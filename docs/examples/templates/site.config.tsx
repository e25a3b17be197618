import { defineCollection, defineSite, z } from 'stillsite';
import { Layout } from './src/layout.tsx';
import { Guide, Page } from './src/pages.tsx';

const page = () =>
  z.strictObject({
    title: z.string().min(1),
    description: z.string().min(1),
    h1: z.string().optional(),
    // Lower first; entries without a sort come after, then by URL.
    sort: z.number().optional(),
    hidden: z.boolean().optional(),
  });

export default defineSite({
  name: 'Field guides',
  lang: 'en',
  origin: 'https://guides.example',
  contentDir: 'content',
  collections: [
    // `_index.md` is the list page of its folder (/guides): in no collection() list by default.
    defineCollection({ name: 'guides', include: ['guides/**/*.md'], schema: page, template: 'guide' }),
    defineCollection({ name: 'pages', include: ['*.md'], schema: page, template: 'page' }),
  ],
  templates: {
    guide: { component: Guide, styles: [] },
    page: { component: Page, styles: [] },
  },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
});
