import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

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

const tag = z.enum(['css', 'react', 'node']);
const base = { title: z.string().min(1), description: z.string().min(1), hidden: z.boolean().optional() };

/** A correct site whose content has mistakes: `site build` lists them all and writes nothing. */
export default defineSite({
  name: 'Mistakes',
  lang: 'en',
  origin: 'https://mistakes.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'posts',
      include: ['posts/*.md'],
      schema: ({ date }) => z.strictObject({ ...base, createdDate: date(), tags: z.union([tag, z.array(tag)]) }),
      template: 'page',
    }),
    defineCollection({ name: 'pages', include: ['*.md'], schema: () => z.strictObject(base), template: 'page' }),
  ],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
});
