import { defineCollection, defineSite, firstHeading, firstParagraph, z, type LayoutProps, type PageProps } from 'stillsite';

const base = { title: z.string().min(1), description: z.string().min(1) };

/** Cheat sheets written as plain Markdown: `# name`, a `>` summary, then examples. No front matter. */
const commands = defineCollection({
  name: 'commands',
  include: ['commands/*.md'],
  // The outline new sheets are copied from, kept beside the pages: never read, never checked.
  exclude: ['commands/%*.md'],
  // Front matter may be left out; when it is there, its fields win over the computed ones.
  frontMatter: 'optional',
  // Computed from the file before the schema checks them, and typed by it like any field.
  computed: {
    title: ({ body }) => firstHeading(body),
    description: ({ body }) => firstParagraph(body),
  },
  schema: () => z.strictObject(base),
  template: 'command',
});

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function Page({ entry, html, catalogue }: PageProps) {
  const list = entry.url === '/' ? catalogue.collection('commands') : [];
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {list.length > 0 && (
        <ul className="commands">
          {list.map((command) => (
            <li key={command.url}>
              <a href={command.url}>{command.data.title}</a>: {command.data.description}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** A cheat sheet: its Markdown already starts with the page's one h1. */
function Command({ html }: PageProps) {
  return <article dangerouslySetInnerHTML={{ __html: html }} />;
}

export default defineSite({
  name: 'Cheat sheets',
  lang: 'en',
  origin: 'https://cheats.example',
  contentDir: 'content',
  collections: [commands, defineCollection({ name: 'pages', include: ['*.md'], schema: () => z.strictObject(base), template: 'page' })],
  templates: {
    page: { component: Page, styles: [] },
    command: { component: Command, styles: [] },
  },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
});
