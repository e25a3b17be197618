import { defineCollection, defineSite, useImage, z, type LayoutProps, type PageProps } from 'stillsite';

interface PostData {
  title: string;
  description: string;
  cover?: string;
}

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function Page({ entry, html }: PageProps<PostData>) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      {entry.data.cover ? <Cover src={entry.data.cover} /> : null}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

/** The cover named in front matter: `asset()` gave its root-relative URL, whatever the author wrote. */
function Cover({ src }: { src: string }) {
  const image = useImage(src);
  return <img className="cover" src={image.src} width={image.width} height={image.height} alt="" />;
}

export default defineSite({
  name: 'Field notes',
  lang: 'en',
  origin: 'https://field-notes.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'posts',
      // A post is a file (`posts/dusk.md`) or a folder with its files (`posts/first-light/index.md`).
      include: ['posts/*.md', 'posts/*/index.md'],
      schema: ({ asset }) =>
        z.strictObject({
          title: z.string().min(1),
          description: z.string().min(1),
          // `./sketch.svg` beside the post's file, or `/images/…` from the root.
          cover: asset().optional(),
        }),
      template: 'page',
    }),
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
});
