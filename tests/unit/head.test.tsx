import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FeedLinks, JsonLd, serializeJsonLd, SocialMeta } from '../../src/render/head.ts';

describe('serializeJsonLd', () => {
  it('cannot close its script element early, and parses back to the same data', () => {
    const data = { '@type': 'Thing', name: '</script><script>alert(1)</script> & <b>' };
    const json = serializeJsonLd(data);
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json)).toEqual(data);
  });

  it('renders as one application/ld+json script', () => {
    expect(renderToStaticMarkup(<JsonLd data={{ '@type': 'Thing', name: 'a<b' }} />)).toBe(
      '<script type="application/ld+json">{"@type":"Thing","name":"a\\u003cb"}</script>',
    );
  });
});

describe('SocialMeta', () => {
  const props = { siteName: 'Site', title: 'T & U', description: 'D', canonical: 'https://o.example/a', type: 'article' };

  it('describes the page and its large image to link previews', () => {
    const html = renderToStaticMarkup(
      <SocialMeta {...props} image={{ url: 'https://o.example/og/a.png', type: 'image/png', width: 1200, height: 630, alt: 'Card' }} />,
    );
    for (const tag of [
      '<meta property="og:type" content="article"/>',
      '<meta property="og:site_name" content="Site"/>',
      '<meta property="og:title" content="T &amp; U"/>',
      '<meta property="og:url" content="https://o.example/a"/>',
      '<meta property="og:image" content="https://o.example/og/a.png"/>',
      '<meta property="og:image:width" content="1200"/>',
      '<meta property="og:image:height" content="630"/>',
      '<meta property="og:image:type" content="image/png"/>',
      '<meta property="og:image:alt" content="Card"/>',
      '<meta name="twitter:card" content="summary_large_image"/>',
    ]) {
      expect(html).toContain(tag);
    }
  });

  it('asks for the small card and names no image when the page has none', () => {
    const html = renderToStaticMarkup(<SocialMeta {...props} />);
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).not.toContain('og:image');
  });
});

describe('FeedLinks', () => {
  it('links each feed as an alternate with its type and title', () => {
    expect(renderToStaticMarkup(<FeedLinks feeds={[{ title: 'News', href: '/rss.xml', type: 'application/rss+xml' }]} />)).toBe(
      '<link rel="alternate" type="application/rss+xml" title="News" href="/rss.xml"/>',
    );
  });
});
