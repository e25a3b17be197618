import { defineTemplate, type LayoutProps, type TemplateProps } from 'stillsite';
import { authors, pages, posts, type Author, type Post } from './collections.ts';

export function Layout({ children, site }: LayoutProps) {
  return (
    <>
      <header>
        <a href="/">{site.name}</a>
      </header>
      <main>{children}</main>
    </>
  );
}

/** A date as `date()` keeps it, in a `<time>` element. */
function Published({ date }: { date: string }) {
  return <time dateTime={date}>{date.slice(0, 10)}</time>;
}

/** The home page: its Markdown, then every visible post, newest first. */
function Home({ entry, html, catalogue }: TemplateProps<typeof pages>) {
  const list = catalogue.collection<Post>('posts', { order: 'newest' });
  return (
    <>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <ul className="posts">
        {list.map((post) => (
          <li key={post.url}>
            <a href={post.url}>{post.data.title}</a> <Published date={post.data.createdDate} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** `entry.data` is typed by the posts schema: `author` is a reference, `tags` a list of known tags. */
function PostPage({ entry, html, catalogue }: TemplateProps<typeof posts>) {
  const author = catalogue.resolve<Author>(entry.data.author);
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <p>
        <Published date={entry.data.createdDate} />
        {author ? (
          <>
            {' by '}
            <a href={author.url}>{author.data.title}</a>
          </>
        ) : null}
      </p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <p>Tags: {entry.data.tags.join(', ')}</p>
    </article>
  );
}

function AuthorPage({ entry, html }: TemplateProps<typeof authors>) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <img src={entry.data.avatar} alt="" width={96} height={96} />
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

function Page({ entry, html }: TemplateProps<typeof pages>) {
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

/** Each template declared against the collection it draws: a mismatch does not compile. */
export const templates = {
  home: defineTemplate(pages, { component: Home, styles: [] }),
  page: defineTemplate(pages, { component: Page, styles: [] }),
  post: defineTemplate(posts, { component: PostPage, styles: [] }),
  author: defineTemplate(authors, { component: AuthorPage, styles: [] }),
};
