import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { defineCollection, defineSite, z, type LayoutProps, type PageProps, type TemplateProps } from 'stillsite';

const base = { title: z.string().min(1), description: z.string().min(1) };

// Every row of the products table is a page: /products/kettle. Node's own node:sqlite reads it.
const products = defineCollection({
  name: 'products',
  load: ({ site }) => {
    const db = new DatabaseSync(path.join(site.root, 'shop.db'), { readOnly: true });
    try {
      const rows = db.prepare('SELECT sku, name, summary, price_pence, notes FROM products ORDER BY sku').all();
      return rows.map((row) => ({
        id: String(row.sku),
        data: { title: row.name, description: row.summary, price: Number(row.price_pence) / 100 },
        // The notes are Markdown: the page's body.
        ...(typeof row.notes === 'string' && { body: row.notes }),
      }));
    } finally {
      db.close();
    }
  },
  schema: () => z.strictObject({ ...base, price: z.number().positive() }),
  template: 'product',
});

const pages = defineCollection({ name: 'pages', include: ['*.md'], schema: () => z.strictObject(base), template: 'page' });

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function Page({ entry, html, catalogue }: PageProps) {
  const list = entry.url === '/' ? catalogue.collection('products') : [];
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {list.length > 0 && (
        <ul className="products">
          {list.map((item) => (
            <li key={item.url}>
              <a href={item.url}>{item.data.title}</a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function Product({ entry, html }: TemplateProps<typeof products>) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <p className="price">£{entry.data.price.toFixed(2)}</p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export default defineSite({
  name: 'Shop',
  lang: 'en',
  origin: 'https://shop.example',
  contentDir: 'content',
  collections: [products, pages],
  templates: { page: { component: Page, styles: [] }, product: { component: Product, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
});
