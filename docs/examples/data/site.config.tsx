import { defineCollection, defineSite, z, type LayoutProps, type PageProps, type TemplateProps } from 'stillsite';

const base = { title: z.string().min(1), description: z.string().min(1) };

// One YAML file, one entry per person: `team.yaml`'s `ada` is the page /team/ada.
const team = defineCollection({
  name: 'team',
  include: ['team.yaml'],
  schema: () => z.strictObject({ ...base, id: z.string(), role: z.string() }),
  // Each person's `bio` is Markdown, rendered as the page's body.
  bodyField: 'bio',
  template: 'person',
});

// One CSV file, one entry per row, named by its `sku` column: /products/kettle. Every cell is text.
const products = defineCollection({
  name: 'products',
  include: ['products.csv'],
  idField: 'sku',
  schema: ({ ref }) =>
    z.strictObject({ ...base, sku: z.string(), price: z.coerce.number().positive(), launch: ref('posts').optional() }),
  template: 'product',
});

// A Markdown post may name a product, and a product the post that launched it: both are checked.
const posts = defineCollection({
  name: 'posts',
  include: ['posts/*.md'],
  schema: ({ ref, date }) => z.strictObject({ ...base, date: date(), product: ref('products') }),
  dates: { published: 'date' },
  template: 'post',
});

// The rest: Markdown pages, and one TOML file that is a page of its own (/contact).
const pages = defineCollection({
  name: 'pages',
  include: ['*.md', '*.toml'],
  schema: () => z.strictObject({ ...base, email: z.email().optional() }),
  template: 'page',
});

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function Page({ entry, html, catalogue }: PageProps) {
  const list = entry.url === '/' ? [...catalogue.collection('team'), ...catalogue.collection('products')] : [];
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {list.length > 0 && (
        <ul className="entries">
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

function Post({ entry, html, catalogue }: TemplateProps<typeof posts>) {
  const product = catalogue.resolve(entry.data.product);
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {product && (
        <p>
          Launches <a href={product.url}>{product.data.title}</a>.
        </p>
      )}
    </article>
  );
}

function Person({ entry, html }: TemplateProps<typeof team>) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <p className="role">{entry.data.role}</p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

function Product({ entry, catalogue }: TemplateProps<typeof products>) {
  const launch = entry.data.launch && catalogue.resolve(entry.data.launch);
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <p className="price">£{entry.data.price.toFixed(2)}</p>
      {launch && (
        <p>
          Launched in <a href={launch.url}>{launch.data.title}</a>.
        </p>
      )}
    </article>
  );
}

export default defineSite({
  name: 'Data',
  lang: 'en',
  origin: 'https://data.example',
  contentDir: 'content',
  collections: [team, products, posts, pages],
  templates: {
    page: { component: Page, styles: [] },
    post: { component: Post, styles: [] },
    person: { component: Person, styles: [] },
    product: { component: Product, styles: [] },
  },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
});
