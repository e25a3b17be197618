import type { PageProps } from 'stillsite';

/** A page of Markdown under its title. */
export function Page({ entry, html }: PageProps) {
  return (
    <article className="prose">
      <h1>{entry.data.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
