import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

const base = { title: z.string().min(1), description: z.string().min(1) };

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

/** A page, and on the home page every post, newest first: drafts are listed only where they are built. */
function Page({ entry, html, catalogue }: PageProps) {
  const posts = entry.url === '/' ? catalogue.collection('posts', { order: 'newest' }) : [];
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {posts.length > 0 && (
        <ul className="posts">
          {posts.map((post) => (
            <li key={post.url}>
              <a href={post.url}>{post.data.title}</a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

export default defineSite({
  name: 'Drafts',
  lang: 'en',
  origin: 'https://drafts.example',
  contentDir: 'content',
  collections: [
    // No schema declares `draft`: the engine reads it from every file.
    defineCollection({
      name: 'posts',
      include: ['posts/*.md'],
      schema: ({ date }) => z.strictObject({ ...base, date: date() }),
      dates: { published: 'date' },
      template: 'page',
    }),
    defineCollection({ name: 'pages', include: ['*.md'], schema: () => z.strictObject(base), template: 'page' }),
  ],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  feeds: [{ collection: 'posts', title: 'Posts', description: 'Every published post.', rss: '/rss.xml', atom: '/atom.xml' }],
  notFound: '/404',
  // Drafts are marked on pages reached by client-side navigation too.
  navigation: 'client',
});
