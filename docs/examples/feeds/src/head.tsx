import { JsonLd, type PageProps } from 'stillsite';

/**
 * Extra elements for each page's `<head>`, after the engine's own (title, description, canonical
 * link, Open Graph tags, feed links): here, schema.org data for search engines.
 */
export function Head({ entry, route, site }: PageProps) {
  if (entry.collection !== 'posts') return <JsonLd data={{ '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url: site.url('/') }} />;
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: entry.data.title,
        description: entry.data.description,
        datePublished: entry.dates?.published,
        url: site.url(route.url),
      }}
    />
  );
}
