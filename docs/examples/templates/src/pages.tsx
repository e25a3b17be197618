import type { PageProps } from 'stillsite';

/** A guide, with a link back to the page listing it, found by its URL. */
export function Guide({ entry, html, catalogue }: PageProps) {
  const parent = catalogue.byPath('/guides');
  return (
    <article>
      {parent ? <a href={parent.url}>{parent.data.title}</a> : null}
      <h1>{entry.data.h1 ?? entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

/** A page of Markdown under its title. */
export function Page({ entry, html }: PageProps) {
  return (
    <article>
      <h1>{entry.data.h1 ?? entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
