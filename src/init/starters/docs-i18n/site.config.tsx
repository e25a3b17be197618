import path from 'node:path';
import { defineCollection, defineSite } from 'stillsite';
import { Callout } from './src/components/Callout.tsx';
import { Head } from './src/Head.tsx';
import { Layout } from './src/Layout.tsx';
import { docSchema } from './src/schemas.ts';
import { strings } from './src/strings.ts';
import { Doc } from './src/templates/Doc.tsx';

const here = import.meta.dirname;

/** `true` turns the search on: `site build` indexes every page, one index per language, and the header gets a Search button (`/` or Ctrl+K opens it). */
const search = false;

/** The whole site, in several languages (see docs/multilingual.md of stillsite): `site build` and `site serve` load it from here. */
export default defineSite({
  name: 'My docs',
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
    defineCollection({
      name: 'docs',
      include: ['**/*.md', '**/*.mdx'],
      // MDX is code (it may import and run anything): the people who write these pages also keep the site.
      mdx: true,
      schema: docSchema,
      template: 'doc',
    }),
  ],
  templates: { doc: { component: Doc, styles: ['main', 'switcher'] } },
  layout: Layout,
  head: Head,
  styles: { main: path.join(here, 'src/styles.css'), switcher: path.join(here, 'src/switcher.css') },
  // The search's island is declared only with the search on, so a site without it ships none of its code.
  islands: {
    ThemeToggle: path.join(here, 'src/islands/ThemeToggle.tsx'),
    CopyCode: path.join(here, 'src/islands/CopyCode.tsx'),
    ...(search ? { Search: path.join(here, 'src/islands/Search.tsx') } : {}),
  },
  search,
  notFound: '/404',
  markdown: {
    shiki: {
      // Code-fence meta as docs sites write it: ```js title="app.js" {2} ins={3} del={4}
      meta: true,
      // Code follows the theme toggle (data-theme on <html>) as well as the reader's system setting.
      darkSelector: '[data-theme="dark"]',
      lightSelector: '[data-theme="light"]',
      copyButton: 'CopyCode',
    },
    // Every .mdx page may use these without importing them.
    mdx: { components: { Callout } },
  },
});
