import type { PageProps } from 'stillsite';
import type { DocData } from '../schemas.ts';
import { readingOrder } from '../sidebar.ts';
import type { StringKey } from '../strings.ts';

/** One page, in its language: its title and body, a table of contents from its headings, and the pages before and after it in its language's sidebar. */
export function Doc({ entry, html, headings, catalogue, route, locale, t }: PageProps<DocData, StringKey>) {
  // A heading a component draws itself may have no id: nothing to link to.
  const contents = headings.filter((heading) => heading.id && (heading.depth === 2 || heading.depth === 3));
  const order = readingOrder(catalogue, locale.code);
  const at = order.findIndex((page) => page.url === route.url);
  const previous = at > 0 ? order[at - 1] : undefined;
  const next = at >= 0 ? order[at + 1] : undefined;
  return (
    <div className="doc">
      {contents.length > 0 && (
        <details className="toc">
          <summary>{t('toc.label')}</summary>
          <nav aria-label={t('toc.label')}>
            <p className="toc-label">{t('toc.label')}</p>
            <ul>
              {contents.map((heading) => (
                <li key={heading.id} className={`toc-depth-${heading.depth}`}>
                  <a href={`#${heading.id}`}>{heading.text}</a>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      )}
      <article className="doc-article">
        <h1>{entry.data.title}</h1>
        <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        {(previous || next) && (
          <nav className="pager" aria-label={t('pager.label')}>
            {previous && (
              <a className="pager-previous" href={previous.url} rel="prev">
                <span className="pager-direction">{t('pager.previous')}</span>
                <span className="pager-title">{previous.data.title}</span>
              </a>
            )}
            {next && (
              <a className="pager-next" href={next.url} rel="next">
                <span className="pager-direction">{t('pager.next')}</span>
                <span className="pager-title">{next.data.title}</span>
              </a>
            )}
          </nav>
        )}
      </article>
    </div>
  );
}
