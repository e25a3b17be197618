import { Island, type PageProps } from 'stillsite';
import type { StringKey } from '../strings.ts';
import CopyLink from '../islands/CopyLink.tsx';
import type { PostData } from '../schemas.ts';
import { PublishedDate } from './PublishedDate.tsx';

/** One post: its title, its date written for its language, its Markdown, and a button to copy its address. */
export function Post({ entry, html, route, site, formatDate, t }: PageProps<PostData, StringKey>) {
  // The island runs in the browser, where `t` is not: it gets its words as props (JSON).
  const words = { button: t('copy.button'), done: t('copy.done'), failed: t('copy.failed') };
  return (
    <article className="prose">
      <h1>{entry.data.title}</h1>
      <p className="meta">
        <PublishedDate date={entry.data.date} formatDate={formatDate} />
      </p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <Island name="CopyLink" component={CopyLink} props={{ url: site.url(route.url), words }} />
    </article>
  );
}
