import { Island, type PageProps } from 'stillsite';
import CopyLink from '../islands/CopyLink.tsx';
import type { PostData } from '../schemas.ts';
import { PublishedDate } from './PublishedDate.tsx';

/** One post: its title, date and Markdown, and a button to copy its address. */
export function Post({ entry, html, route, site }: PageProps<PostData>) {
  return (
    <article className="prose">
      <h1>{entry.data.title}</h1>
      <p className="meta">
        <PublishedDate date={entry.data.date} />
      </p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {/* Rendered here as HTML, then hydrated in the browser with these props (JSON: data, never functions). */}
      <Island name="CopyLink" component={CopyLink} props={{ url: site.url(route.url) }} />
    </article>
  );
}
