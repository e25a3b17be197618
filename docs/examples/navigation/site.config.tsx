import { defineCollection, defineSite, Island, z, type LayoutProps, type PageProps } from 'stillsite';
import Player from './islands/Player.tsx';

/** A plain nav, no island: after a client navigation it shows the new page's current link, as a full load would. */
function Layout({ children, catalogue, route }: LayoutProps) {
  const links = catalogue.collection('pages').map((page) => ({ url: page.url, title: page.data.title }));
  return (
    <>
      <nav aria-label="Site">
        {links.map((link) => (
          <a key={link.url} href={link.url} aria-current={link.url === route.url ? 'page' : undefined}>
            {link.title}
          </a>
        ))}
      </nav>
      {/* The same props on every page: the same island, kept alive from page to page. */}
      <Island name="Player" component={Player} props={{ track: 'Theme' }} />
      <main>{children}</main>
    </>
  );
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
  name: 'Navigation',
  lang: 'en',
  origin: 'https://navigation.example',
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
  islands: { Player: 'islands/Player.tsx' },
  // Links swap the next page in, animated, instead of loading it: the player keeps playing.
  navigation: 'client',
  notFound: '/404',
});
