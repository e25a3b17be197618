import type { PageProps } from 'stillsite';

/** A post, or any page: its title and Markdown, and on the home page the list of tag pages. */
export function Page({ entry, html, catalogue, route }: PageProps) {
  const tags = route.url === '/' ? catalogue.collection('tags') : [];
  return (
    <article>
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {tags.length ? (
        <ul>
          {tags.map((tag) => (
            <li key={tag.url}>
              <a href={tag.url}>{tag.data.title}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
