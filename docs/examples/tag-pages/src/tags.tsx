import type { BaseData, Catalogue, DerivedRoute, PageProps } from 'stillsite';

/** The data of a tag page: a title and description like any page's, and its tag. */
export interface TagData extends BaseData {
  tag: string;
}

interface PostData extends BaseData {
  tags: string[];
}

/** The posts of each tag, computed once per build (see `catalogue.derive`). */
export function postsByTag(catalogue: Catalogue) {
  return Map.groupBy(
    catalogue.collection<PostData>('posts').flatMap((post) => post.data.tags.map((tag) => ({ tag, post }))),
    ({ tag }) => tag,
  );
}

/** One page per tag that some visible post carries: `/tags/<tag>`. */
export function tagRoutes(catalogue: Catalogue): DerivedRoute<TagData>[] {
  return [...catalogue.derive(postsByTag).keys()].sort().map((tag) => ({
    url: `/tags/${tag}`,
    template: 'tag',
    // The catalogue collection the pages join, so a template can list them.
    collection: 'tags',
    // Named in messages about the route.
    source: import.meta.filename,
    data: { title: `Posts tagged ${tag}`, description: `Every post about ${tag}.`, tag },
  }));
}

/** A tag page: the posts that carry its tag. */
export function TagPage({ entry, catalogue }: PageProps<TagData>) {
  const posts = catalogue.derive(postsByTag).get(entry.data.tag) ?? [];
  return (
    <>
      <h1>{entry.data.title}</h1>
      <ul>
        {posts.map(({ post }) => (
          <li key={post.url}>
            <a href={post.url}>{post.data.title}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
