import type { PageProps } from 'stillsite';
import { PageHero } from '../components/PageHero.tsx';
import { Prose } from '../components/Prose.tsx';
import { formatDate } from '../lib/format.ts';
import type { PageEntry } from '../schemas.ts';

/** A page of prose under its banner: company, privacy policy. */
export function GenericPage({ entry, html }: PageProps<PageEntry>) {
  const updated = entry.data.updatedDate ?? entry.data.createdDate;
  return (
    <>
      <PageHero data={entry.data} lead={entry.data.description} />
      <div className="container page-body">
        <Prose html={html} />
        {updated ? (
          <p className="page-updated">
            Last updated <time dateTime={updated}>{formatDate(updated)}</time>
          </p>
        ) : null}
      </div>
    </>
  );
}
