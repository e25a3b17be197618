import { createRequire } from 'node:module';
import path from 'node:path';
import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

// Satori reads TTF, OTF and WOFF (not WOFF2). This font comes from npm: npm install @fontsource/inter.
const inter = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json')), 'files');

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
  name: 'Cards',
  lang: 'en',
  origin: 'https://cards.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'pages',
      include: ['*.md'],
      schema: () => z.strictObject({ title: z.string().min(1), description: z.string().min(1), hidden: z.boolean().optional() }),
      template: 'page',
    }),
  ],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
  og: {
    // Template modules by name, drawn in worker threads.
    templates: { card: 'og/Card.tsx' },
    fonts: [{ name: 'Inter', file: path.join(inter, 'inter-latin-700-normal.woff'), weight: 700 }],
    // Each page's image: drawn from a template with plain JSON props, or undefined for none.
    image: (entry) =>
      entry.hidden
        ? undefined
        : { template: 'card', props: { title: entry.data.title, site: 'cards.example' }, assets: { logo: '/logo.svg' }, alt: entry.data.title },
    type: (entry) => (entry.url === '/' ? 'website' : 'article'),
  },
});
