import type { BaseData, PageProps } from 'stillsite';
import type { StringKey } from '../strings.ts';
import type { PostData } from '../schemas.ts';
import { PublishedDate } from './PublishedDate.tsx';

/** The home page of a language: its own Markdown, then that language's posts, newest first. */
export function Home({ entry, html, catalogue, formatDate, t }: PageProps<BaseData, StringKey>) {
  // The catalogue lists the page's own language: the German home page lists the German posts.
  const posts = catalogue.collection<PostData>('posts', { order: 'newest' });
  return (
    <>
      <section className="prose">
        <h1>{entry.data.title}</h1>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </section>
      <section aria-labelledby="posts-heading">
        <h2 id="posts-heading">{t('posts.heading')}</h2>
        <ul className="post-list">
          {posts.map((post) => (
            <li key={post.url}>
              <a href={post.url}>{post.data.title}</a> <PublishedDate date={post.data.date} formatDate={formatDate} />
              <p>{post.data.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
