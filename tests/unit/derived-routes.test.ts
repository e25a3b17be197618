import { describe, expect, it } from 'vitest';
import { createCatalogue, type Catalogue } from '../../src/content/catalogue.ts';
import { deriveEntries, type DerivedRoute } from '../../src/routes/routes.ts';
import { makeEntry } from '../helpers/entries.ts';

const content = createCatalogue([
  makeEntry('pages', '/'),
  makeEntry('posts', '/posts/first'),
  makeEntry('pages', '/tags/red', {}, { relative: 'tags/red.md', file: '/site/content/tags/red.md' }),
]);
const options = { templates: ['page', 'tag'], root: '/site' };
const route = (url: string, extra: Partial<DerivedRoute> = {}): DerivedRoute => ({
  url,
  template: 'tag',
  data: { title: `Tag ${url}`, description: `Pages tagged ${url}` },
  ...extra,
});

describe('deriveEntries', () => {
  it('turns each route into an entry of its collection, hidden only when its data says so', () => {
    const { entries, diagnostics } = deriveEntries(
      [
        route('/tags/blue', { collection: 'tags', source: '/site/tags.ts' }),
        route('/tags/green', { data: { title: 'Green', description: 'Green pages', hidden: true } }),
      ],
      content,
      options,
    );
    expect(diagnostics).toEqual([]);
    expect(entries.map((e) => [e.url, e.slug, e.collection, e.template, e.hidden, e.file])).toEqual([
      ['/tags/blue', 'blue', 'tags', 'tag', false, '/site/tags.ts'],
      ['/tags/green', 'green', 'derived', 'tag', true, ''],
    ]);
  });

  it('reports a URL a content file already has at both sources, naming each', () => {
    const { entries, diagnostics } = deriveEntries(
      [route('/tags/red', { source: '/site/templates/tags.ts' }), route('/tags/blue')],
      content,
      options,
    );
    expect(entries.map((e) => e.url)).toEqual(['/tags/blue']);
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['duplicate-url', '/site/content/tags/red.md'],
      ['duplicate-url', '/site/templates/tags.ts'],
    ]);
    for (const d of diagnostics) {
      expect(d.expected).toBe('one page for the URL /tags/red');
      expect(d.actual).toBe('content/tags/red.md, the derived route /tags/red (templates/tags.ts)');
    }
  });

  it('reports two derived routes with one URL, and derives neither', () => {
    const { entries, diagnostics } = deriveEntries(
      [route('/tags/blue', { source: '/site/a.ts' }), route('/tags/blue', { source: '/site/b.ts' })],
      content,
      options,
    );
    expect(entries).toEqual([]);
    expect(diagnostics.map((d) => d.file)).toEqual(['/site/a.ts', '/site/b.ts']);
    expect(diagnostics[0]!.actual).toBe('the derived route /tags/blue (a.ts), the derived route /tags/blue (b.ts)');
  });

  it.each([
    ['no leading slash', route('tags/blue'), 'route tags/blue: url', 'invalid-route'],
    ['a doubled slash', route('/tags//blue'), 'route /tags//blue: url', 'invalid-route'],
    ['a query', route('/tags?c=blue'), 'route /tags?c=blue: url', 'invalid-route'],
    ['an unknown template', route('/tags/blue', { template: 'tga' }), 'route /tags/blue: template', 'unknown-template'],
    ['no title', route('/tags/blue', { data: { title: ' ', description: 'x' } }), 'route /tags/blue: data.title', 'invalid-route'],
    [
      'no description',
      route('/tags/blue', { data: { title: 'Blue' } as DerivedRoute['data'] }),
      'route /tags/blue: data.description',
      'invalid-route',
    ],
  ])('rejects a route with %s, saying which route and field', (_case, bad, field, code) => {
    const { entries, diagnostics } = deriveEntries([bad], content, options);
    expect(entries).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code, field, severity: 'error' });
    expect(diagnostics[0]!.expected).toBeTruthy();
  });

  it.each([
    ['never', '/tags/blue/', '/tags/blue'],
    ['always', '/tags/blue', '/tags/blue/'],
    ['always', '/tags/blue/', '/tags/blue/'],
  ] as const)("gives a route the site's URL style (%s), whichever style it was written in", (trailingSlash, written, url) => {
    const { entries, diagnostics } = deriveEntries([route(written)], content, { ...options, trailingSlash });
    expect(diagnostics).toEqual([]);
    expect(entries.map((entry) => entry.url)).toEqual([url]);
  });

  it('looks each URL up once, never scanning the catalogue per route', () => {
    let lookups = 0;
    const counting: Catalogue = {
      ...content,
      entries: [],
      byPath: ((url: string) => (lookups++, content.byPath(url))) as Catalogue['byPath'],
    };
    const routes = Array.from({ length: 500 }, (_, i) => route(`/tags/t${i}`));
    expect(deriveEntries(routes, counting, options).entries).toHaveLength(500);
    expect(lookups).toBe(500);
  });
});
