import { defineCollection, defineSite, z, type PageProps } from 'stillsite';
import { DocLink } from './components/DocLink.tsx';
import { Note } from './components/Note.tsx';

function Doc({ entry, html, headings }: PageProps) {
  // The page's own headings, as data: a table of contents without parsing HTML.
  const contents = headings.filter((heading) => heading.depth === 2 || heading.depth === 3);
  return (
    <main>
      <h1>{entry.data.title}</h1>
      {contents.length > 0 && (
        <nav aria-label="On this page" className="toc">
          <ul>
            {contents.map((heading) => (
              <li key={heading.id} className={`toc-${heading.depth}`}>
                <a href={`#${heading.id}`}>{heading.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </main>
  );
}

export default defineSite({
  name: 'Docs',
  lang: 'en',
  origin: 'https://docs.example',
  contentDir: 'content',
  collections: [
    defineCollection({
      name: 'docs',
      include: ['**/*.md', '**/*.mdx'],
      // MDX is code: this collection takes it because the people who write the docs may change the site's code.
      mdx: true,
      schema: () => z.strictObject({ title: z.string().min(1), description: z.string().min(1) }),
      template: 'doc',
    }),
  ],
  templates: { doc: { component: Doc, styles: ['main'] } },
  layout: ({ children }) => <>{children}</>,
  styles: { main: 'styles.css' },
  // The copy button of code blocks: an island, so the pages that show code ship its JavaScript, and only those.
  islands: { CopyCode: 'islands/CopyCode.tsx' },
  notFound: '/404',
  markdown: {
    shiki: {
      // Fence meta as docs sites write it: titles, marked lines and words, inserted and deleted lines.
      meta: true,
      // Code follows the site's own toggle (data-theme on <html>) as well as the visitor's preference.
      darkSelector: '[data-theme="dark"]',
      lightSelector: '[data-theme="light"]',
      copyButton: 'CopyCode',
    },
    mdx: {
      // Every .mdx page may write <Note> without importing it, and its links are drawn by DocLink.
      components: { Note, Badge: () => <span className="badge">site</span>, a: DocLink },
    },
  },
});
