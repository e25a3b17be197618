import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';

/** Critical CSS inline: a `<style>` element is allowed by its hash, which the build adds to the policy. */
const CRITICAL_CSS = 'body{margin:0 auto;max-width:40rem}';

function Layout({ children }: LayoutProps) {
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: CRITICAL_CSS }} />
      <main>{children}</main>
    </>
  );
}

/** Styled by class, never by a style attribute; behaviour comes from islands, never from onclick markup. */
function Page({ entry, html }: PageProps) {
  return (
    <article className="page">
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <img src="https://images.example/photo.jpg" alt="A harbour view served by another host" width={640} height={360} />
    </article>
  );
}

export default defineSite({
  name: 'Secure',
  lang: 'en',
  origin: 'https://secure.example',
  contentDir: 'content',
  collections: [
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
  security: {
    // Sources added to the engine's strict policy, by directive.
    csp: { 'img-src': ['https://images.example'] },
    // Ask for the HSTS preload list: the domain owner's choice, hard to undo (default false).
    hstsPreload: false,
  },
  // Header files for these hosts beside _headers (Netlify and Cloudflare Pages read _headers itself).
  deploy: { hosts: ['netlify', 'vercel', 'nginx', 'caddy'] },
});
