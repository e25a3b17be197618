import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createSiteContext } from '../../src/site/context.ts';
import { createCatalogue } from '../../src/content/catalogue.ts';
import type { SiteDefinition } from '../../src/index.ts';
import { BreadcrumbContext, Breadcrumbs } from '../../templates/components/Breadcrumbs.tsx';
import { PageHero } from '../../templates/components/PageHero.tsx';
import { breadcrumbTrail } from '../../templates/lib/breadcrumbs.ts';
import { breadcrumbs } from '../../templates/seo/structured-data.tsx';
import { makeEntry } from '../helpers/entries.ts';

const catalogue = createCatalogue([
  makeEntry('pages', '/', { title: 'Kestrel Point Consulting' }),
  makeEntry('pages', '/about/team', { title: 'Our team of engineers', h1: 'The Team' }, { listPage: true }),
  makeEntry('team', '/about/team/ada', { title: 'Ada Quinn, Founder', name: 'Ada Quinn' }),
  makeEntry('pages', '/projects', { title: 'Case studies: everything', h1: 'Case studies' }, { listPage: true }),
  makeEntry('projects', '/projects/acme', { title: 'Acme migration for Acme Corp' }),
  makeEntry('project-tags', '/projects/industry/retail', {
    title: 'Retail case studies from us',
    h1: 'Retail case studies',
    breadcrumb: 'Retail',
  }),
]);
const trail = (url: string) => breadcrumbTrail(catalogue.byPath(url)!, catalogue);

describe('breadcrumbTrail', () => {
  it.each([
    ['/', []],
    [
      '/projects',
      [
        ['Home', '/'],
        ['Case studies', '/projects'],
      ],
    ],
    // /about is no page, so the trail skips it; a person goes by name.
    [
      '/about/team/ada',
      [
        ['Home', '/'],
        ['The Team', '/about/team'],
        ['Ada Quinn', '/about/team/ada'],
      ],
    ],
    // No h1: the title. /projects/industry is no page either; a tag page goes by its breadcrumb label.
    [
      '/projects/acme',
      [
        ['Home', '/'],
        ['Case studies', '/projects'],
        ['Acme migration for Acme Corp', '/projects/acme'],
      ],
    ],
    [
      '/projects/industry/retail',
      [
        ['Home', '/'],
        ['Case studies', '/projects'],
        ['Retail', '/projects/industry/retail'],
      ],
    ],
  ])('%s → %j', (url, expected) => {
    expect(trail(url).map((crumb) => [crumb.name, crumb.url])).toEqual(expected);
  });

  it('is the trail of the BreadcrumbList JSON-LD, step for step', () => {
    const site = createSiteContext({ origin: 'https://o.example' } as SiteDefinition);
    for (const entry of catalogue.entries.filter((e) => e.url !== '/')) {
      const items = breadcrumbs(entry, catalogue, site)!.itemListElement as Array<{ name: string; item: string; position: number }>;
      expect(items.map((item) => [item.position, item.name, item.item])).toEqual(
        trail(entry.url).map((crumb, i) => [i + 1, crumb.name, `https://o.example${crumb.url}`]),
      );
    }
  });
});

describe('<Breadcrumbs>', () => {
  const render = (url: string) =>
    renderToStaticMarkup(
      <BreadcrumbContext value={trail(url)}>
        <PageHero data={{ title: 'T', description: 'D' }} />
      </BreadcrumbContext>,
    );

  it('draws the trail in the hero as a labelled navigation with an ordered list, the last step marked current', () => {
    expect(render('/about/team/ada')).toContain(
      '<nav aria-label="Breadcrumb" class="breadcrumbs"><ol><li><a href="/">Home</a></li><li><a href="/about/team">The Team</a></li><li><a href="/about/team/ada" aria-current="page">Ada Quinn</a></li></ol></nav>',
    );
  });

  it('draws nothing on the home page, or outside a layout that provides a trail', () => {
    expect(render('/')).not.toContain('Breadcrumb');
    expect(renderToStaticMarkup(<Breadcrumbs />)).toBe('');
  });
});
