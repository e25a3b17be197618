import { defineCollection, defineSite, Island, z, type LayoutProps, type PageProps } from 'stillsite';
import Counter from './islands/Counter.tsx';
import Menu from './islands/Menu.tsx';

function Layout({ children, catalogue, route }: LayoutProps) {
  const links = catalogue.collection('pages').map((page) => ({ url: page.url, title: page.data.title }));
  return (
    <>
      <header>
        <Island name="Menu" component={Menu} props={{ path: route.url, links }} />
      </header>
      <main>{children}</main>
    </>
  );
}

function Page({ entry, html }: PageProps) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {/* The name is a key of `islands` below; the props travel to the browser as JSON. */}
      <Island name="Counter" component={Counter} props={{ start: 3, label: 'Clicks' }} />
    </article>
  );
}

export default defineSite({
  name: 'Islands',
  lang: 'en',
  origin: 'https://islands.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'pages',
      include: ['*.md'],
      schema: () => z.strictObject({ title: z.string().min(1), description: z.string().min(1), hidden: z.boolean().optional() }),
      template: 'page',
    }),
  ],
  templates: { page: { component: Page, styles: ['main'] } },
  layout: Layout,
  styles: { main: 'styles.css' },
  // Each island's module, by the name `<Island name>` uses; each becomes a chunk loaded on demand.
  islands: { Counter: 'islands/Counter.tsx', Menu: 'islands/Menu.tsx' },
  notFound: '/404',
});
