import type { PageProps } from '../../src/index.ts';
import { PageHero } from '../components/PageHero.tsx';
import { Prose } from '../components/Prose.tsx';
import type { PageEntry } from '../schemas.ts';

/** The hidden developer page listing every page's social-preview image beside a link to the page. */
export function OgImagesPage({ entry, html, catalogue }: PageProps<PageEntry>) {
  return (
    <>
      <PageHero data={entry.data} />
      <div className="container page-body">
        <Prose html={html} />
        <ul className="og-grid">
          {catalogue.entries.map((page) => {
            const data = page.data as PageEntry;
            const image = data.ogImage?.path ?? data.image?.path ?? data.banner?.image ?? '/images/logo.svg';
            return (
              <li key={page.url} className="og-item">
                <img src={image} alt={data.ogImage?.alt ?? `Preview of ${data.title}`} width={1200} height={630} loading="lazy" decoding="async" />
                <a href={page.url}>{data.title}</a>
                <code>{page.url}</code>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
