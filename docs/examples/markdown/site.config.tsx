import rehypeExternalLinks from 'rehype-external-links';
import { defineCollection, defineSite, z, type PageProps } from 'stillsite';

function Page({ entry, html }: PageProps) {
  return (
    <main>
      <h1>{entry.data.title}</h1>
      {/* Markdown and MDX alike: the body as HTML. */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </main>
  );
}

export default defineSite({
  name: 'Markdown',
  lang: 'en',
  origin: 'https://markdown.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'pages',
      // One collection, both kinds of file, one schema and one template.
      include: ['**/*.md', '**/*.mdx'],
      // MDX is code: this collection takes it because the people who write here may change the site's code.
      mdx: true,
      schema: () => z.strictObject({ title: z.string().min(1), description: z.string().min(1) }),
      template: 'page',
    }),
  ],
  templates: { page: { component: Page, styles: ['main'] } },
  layout: ({ children }) => <>{children}</>,
  styles: { main: 'styles.css' },
  islands: { Counter: 'islands/Counter.tsx' },
  notFound: '/404',
  markdown: {
    // A plugin from the registry, with its options: links to other sites get a marker.
    rehypePlugins: [[rehypeExternalLinks, { content: { type: 'text', value: ' ↗' } }]],
    // Shiki's theme names; code follows the visitor's light or dark preference.
    shiki: { themes: { light: 'github-light', dark: 'github-dark-default' } },
  },
});
