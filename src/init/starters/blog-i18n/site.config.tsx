import path from 'node:path';
import { defineCollection, defineSite } from 'stillsite';
import { Layout } from './src/Layout.tsx';
import { pageSchema, postSchema } from './src/schemas.ts';
import { strings } from './src/strings.ts';
import { Home } from './src/templates/Home.tsx';
import { Page } from './src/templates/Page.tsx';
import { Post } from './src/templates/Post.tsx';

const here = import.meta.dirname;

/** `true` turns the search on: `site build` indexes every post and page, and the header gets a Search button (`/` or Ctrl+K opens it). */
const search = false;

/** The whole site, in several languages (see docs/multilingual.md of stillsite): `site build` and `site serve` load it from here. */
export default defineSite({
  name: 'My site',
  lang: 'en',
  // The site's languages. The default one's pages are `content/*` at `/…`; each other's mirror them
  // in `content/de/…` at `/de/…`. A page and its translation are the same path in each folder.
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'de', 'fr', 'es', 'ar'],
    strings,
  },
  // The address the site will live at: canonical links and the sitemap use it (`--origin` overrides it).
  origin: 'https://example.com',
  root: here,
  contentDir: path.join(here, 'content'),
  publicDir: path.join(here, 'public'),
  favicon: '/favicon.svg',
  collections: [
    // `dates` names the field holding each post's date: the sitemap, feeds and `order: 'newest'` read it.
    defineCollection({
      name: 'posts',
      include: ['posts/*.md', 'posts/*/index.md'],
      schema: postSchema,
      dates: { published: 'date' },
      template: 'post',
    }),
    defineCollection({ name: 'pages', include: ['*.md'], schema: pageSchema, template: (data) => data.template }),
  ],
  templates: {
    home: { component: Home, styles: ['main', 'switcher'] },
    page: { component: Page, styles: ['main', 'switcher'] },
    post: { component: Post, styles: ['main', 'switcher'] },
  },
  layout: Layout,
  styles: { main: path.join(here, 'src/styles.css'), switcher: path.join(here, 'src/switcher.css') },
  // The search's island is declared only with the search on, so a site without it ships none of its code.
  islands: {
    CopyLink: path.join(here, 'src/islands/CopyLink.tsx'),
    ...(search ? { Search: path.join(here, 'src/islands/Search.tsx') } : {}),
  },
  search,
  notFound: '/404',
});
