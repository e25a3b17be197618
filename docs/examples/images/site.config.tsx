import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';
import { Picture } from './src/Picture.tsx';

interface PageData {
  title: string;
  description: string;
  cover?: { path: string; alt: string };
}

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function Page({ entry, html }: PageProps<PageData>) {
  const { cover } = entry.data;
  return (
    <article>
      <h1>{entry.data.title}</h1>
      {cover ? <Picture src={cover.path} alt={cover.alt} sizes="(min-width: 40rem) 40rem, 100vw" /> : null}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export default defineSite({
  name: 'Pictures',
  lang: 'en',
  origin: 'https://pictures.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'pages',
      include: ['*.md'],
      schema: ({ asset }) =>
        z.strictObject({
          title: z.string().min(1),
          description: z.string().min(1),
          cover: z.strictObject({ path: asset(), alt: z.string().min(1) }).optional(),
          hidden: z.boolean().optional(),
        }),
      template: 'page',
    }),
  ],
  templates: { page: { component: Page, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
  // Widths to encode each raster image at (never wider than the image) and quality per format.
  images: { widths: [480, 960], quality: { avif: 50, webp: 75, jpeg: 75 } },
});
