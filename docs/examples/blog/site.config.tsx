import { defineSite } from 'stillsite';
import { authors, pages, posts } from './src/collections.ts';
import { Layout, templates } from './src/templates.tsx';

export default defineSite({
  name: 'A blog',
  lang: 'en',
  origin: 'https://blog.example',
  contentDir: 'content',
  // A file belongs to the first collection whose `include` matches it.
  collections: [posts, authors, pages],
  templates,
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
});
