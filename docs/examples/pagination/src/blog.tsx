import { paginate, type BaseData, type Catalogue, type DerivedRoute, type PageProps } from 'stillsite';

/** What a page of the blog's list knows of itself: which page it is. */
export interface BlogPageData extends BaseData {
  page: number;
}

const PER_PAGE = 2;

/** Every post, newest first, two to a page: `/blog`, `/blog/2`, `/blog/3`. Computed once per build. */
export function blogPages(catalogue: Catalogue) {
  return paginate(catalogue.collection('posts', { order: 'newest' }), { url: '/blog', perPage: PER_PAGE });
}

/** One derived route per page of the list; page 1 is the list's own URL. */
export function blogRoutes(catalogue: Catalogue): DerivedRoute<BlogPageData>[] {
  return catalogue.derive(blogPages).map((page) => ({
    url: page.url,
    template: 'blog',
    collection: 'blog-pages',
    source: import.meta.filename,
    data: {
      title: page.page === 1 ? 'Blog' : `Blog, page ${page.page} of ${page.pages}`,
      description: `Posts ${(page.page - 1) * PER_PAGE + 1} to ${(page.page - 1) * PER_PAGE + page.items.length} of ${page.total}, newest first.`,
      page: page.page,
    },
  }));
}

/** A page of the list: its posts, then links to the previous and next pages. */
export function BlogPage({ entry, catalogue }: PageProps<BlogPageData>) {
  const page = catalogue.derive(blogPages)[entry.data.page - 1]!;
  return (
    <>
      <h1>{entry.data.title}</h1>
      <ul className="posts">
        {page.items.map((post) => (
          <li key={post.url}>
            <a href={post.url}>{post.data.title}</a>
          </li>
        ))}
      </ul>
      <nav aria-label="Pages">
        {page.previous && (
          <a href={page.previous} rel="prev">
            Newer posts
          </a>
        )}{' '}
        <span>
          Page {page.page} of {page.pages}
        </span>{' '}
        {page.next && (
          <a href={page.next} rel="next">
            Older posts
          </a>
        )}
      </nav>
    </>
  );
}
