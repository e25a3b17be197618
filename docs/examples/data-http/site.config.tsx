import { defineCollection, defineSite, z, type LayoutProps, type LoadedEntry, type PageProps, type TemplateProps } from 'stillsite';

const base = { title: z.string().min(1), description: z.string().min(1) };

interface ApiEvent {
  id: string;
  title: string;
  summary: string;
  date: string;
  updated: string;
  details?: string;
}

// Every event of the API is a page: /events/spring-meetup.
const events = defineCollection({
  name: 'events',
  load: async ({ cache, logger }) => {
    // Where the events API answers: `node api.ts` serves it here.
    const api = process.env.EVENTS_API_URL ?? 'http://127.0.0.1:4330';
    // Asks only for what changed since the last build, and keeps the rest from the cache.
    const since = cache.loadedAt ? `?since=${encodeURIComponent(cache.loadedAt)}` : '';
    const response = await fetch(`${api}/events${since}`);
    if (!response.ok) throw new Error(`${api}/events answered ${response.status}`);
    const answer = (await response.json()) as { events: ApiEvent[]; ids: string[] };
    logger.info(`${answer.events.length} events changed of ${answer.ids.length}`);
    const changed = new Map(
      answer.events.map((event): [string, LoadedEntry] => [
        event.id,
        {
          id: event.id,
          data: { title: event.title, description: event.summary, date: event.date },
          ...(event.details !== undefined && { body: event.details }),
        },
      ]),
    );
    return answer.ids.flatMap((id) => changed.get(id) ?? cache.get(id) ?? []);
  },
  // When the API cannot be reached, the last result stands in, and a warning says so.
  cacheOnError: true,
  schema: ({ date }) => z.strictObject({ ...base, date: date() }),
  dates: { published: 'date' },
  template: 'event',
});

const pages = defineCollection({ name: 'pages', include: ['*.md'], schema: () => z.strictObject(base), template: 'page' });

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function Page({ entry, html, catalogue }: PageProps) {
  const list = entry.url === '/' ? catalogue.collection('events', { order: 'newest' }) : [];
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {list.length > 0 && (
        <ul className="events">
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

function Event({ entry, html }: TemplateProps<typeof events>) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <p className="date">{entry.data.date}</p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export default defineSite({
  name: 'Events',
  lang: 'en',
  origin: 'https://events.example',
  contentDir: 'content',
  collections: [events, pages],
  templates: { page: { component: Page, styles: [] }, event: { component: Event, styles: [] } },
  layout: Layout,
  styles: {},
  islands: {},
  notFound: '/404',
});
