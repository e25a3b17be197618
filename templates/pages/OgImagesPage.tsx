import type { PageProps } from 'stillsite';
import { PageHero } from '../components/PageHero.tsx';
import { Prose } from '../components/Prose.tsx';
import type { PageEntry } from '../schemas.ts';

/** The hidden developer page listing every page's social-preview image beside a link to the page. */
export function OgImagesPage({ entry, html, catalogue, site }: PageProps<PageEntry>) {
  return (
    <>
      <PageHero data={entry.data} />
      <div className="container page-body">
        <Prose html={html} />
        <ul className="og-grid">
          {catalogue.entries.map((page) => {
            const image = site.ogImage(page.url);
            return (
              <li key={page.url} className="og-item">
                {image ? (
                  <img src={image.url} alt={image.alt} width={image.width} height={image.height} loading="lazy" decoding="async" />
                ) : (
                  <p>No social image.</p>
                )}
                <a href={page.url}>{page.data.title}</a>
                <code>{page.url}</code>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
