import type { PageProps } from 'stillsite';
import { PageHero } from '../components/PageHero.tsx';
import { Prose } from '../components/Prose.tsx';
import type { PageEntry } from '../schemas.ts';

/** The not-found page, also written as 404.html for any unknown path. */
export function NotFoundPage({ entry, html }: PageProps<PageEntry>) {
  return (
    <>
      <PageHero data={entry.data} eyebrow="Error 404" />
      <div className="container page-body">
        <Prose html={html} />
      </div>
    </>
  );
}
