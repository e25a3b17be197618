import type { PageProps } from 'stillsite';
import type { PostData } from '../schemas.ts';
import { PublishedDate } from './PublishedDate.tsx';

/** The home page: its own Markdown, then every post, newest first. */
export function Home({ entry, html, catalogue }: PageProps) {
  // Newest first, by the field the collection names in `dates.published` (site.config.tsx).
  const posts = catalogue.collection<PostData>('posts', { order: 'newest' });
  return (
    <>
      <section className="prose">
        <h1>{entry.data.title}</h1>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </section>
      <section aria-labelledby="posts-heading">
        <h2 id="posts-heading">Posts</h2>
        <ul className="post-list">
          {posts.map((post) => (
            <li key={post.url}>
              <a href={post.url}>{post.data.title}</a> <PublishedDate date={post.data.date} />
              <p>{post.data.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
