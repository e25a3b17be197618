// The site of `scripts/bench/data-files.ts`: one collection whose entries are Markdown files
// (items/*.md), or the rows of one CSV file, or the items of one JSON file, at the same URLs.
import { defineCollection, defineSite, z, type LayoutProps, type TemplateProps } from 'stillsite';

const items = defineCollection({
  name: 'items',
  include: ['items/*.md', 'items.csv', 'items.json'],
  schema: () =>
    z.strictObject({ id: z.string().optional(), title: z.string().min(1), description: z.string().min(1), price: z.coerce.number() }),
  bodyField: 'body',
  template: 'item',
});

const pages = defineCollection({
  name: 'pages',
  include: ['*.md'],
  schema: () => z.strictObject({ title: z.string().min(1), description: z.string().min(1) }),
  template: 'page',
});

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function Item({ entry, html }: TemplateProps<typeof items>) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <p>{entry.data.description}</p>
      <p className="price">{entry.data.price.toFixed(2)}</p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

function Page({ entry, html }: TemplateProps<typeof pages>) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export default defineSite({
  name: 'Data bench',
  lang: 'en',
  origin: 'https://bench.example',
  contentDir: 'content',
  collections: [items, pages],
  templates: { item: { component: Item, styles: [] }, page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
});
