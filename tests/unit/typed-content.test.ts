import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type BaseData,
  type CollectionData,
  defineCollection,
  defineStrings,
  defineTemplate,
  type LayoutProps,
  type PageProps,
  type SiteDefinition,
  type TemplateDefinition,
  type TemplateProps,
  type UiStringKey,
  z,
} from '../../src/index.ts';
import type { caseStudies } from '../../templates/collections.ts';
import type { CaseStudy } from '../../templates/schemas.ts';

// The checks here are types: `npm test` type-checks this file first, and an inference that
// broke would fail to compile (an `expectTypeOf` that no longer holds, a `@ts-expect-error`
// with no error under it).

const reviews = defineCollection({
  name: 'reviews',
  include: ['reviews/*.md'],
  schema: (h) => z.object({ title: z.string(), description: z.string(), rating: z.number().int(), createdDate: h.date() }),
  template: 'review',
});
type Review = { title: string; description: string; rating: number; createdDate: string };

describe('typed content', () => {
  it('gives a collection the data type of its schema', () => {
    expectTypeOf<CollectionData<typeof reviews>>().toEqualTypeOf<Review>();
    expectTypeOf<CollectionData<typeof caseStudies>>().toEqualTypeOf<CaseStudy>();
    expectTypeOf<TemplateProps<typeof reviews>['entry']['data']>().toEqualTypeOf<Review>();
  });

  it('infers entry.data in a template declared against a collection, and returns the template unchanged', () => {
    const template = { component: ({ entry }: TemplateProps<typeof reviews>) => `${entry.data.rating} stars`, styles: ['main'] };
    expect(defineTemplate(reviews, template)).toBe(template);
    defineTemplate(reviews, {
      component: ({ entry }) => {
        expectTypeOf(entry.data.rating).toEqualTypeOf<number>();
        // @ts-expect-error a review has no author: the data is the schema's, not any
        return entry.data.author;
      },
      styles: [],
    });
  });

  it('refuses a component written for other data', () => {
    const AuthorPage = ({ entry }: PageProps<{ title: string; description: string; author: string }>) => entry.data.author;
    // @ts-expect-error the reviews have no author, so this is not a template of reviews
    defineTemplate(reviews, { component: AuthorPage, styles: [] });
    expectTypeOf(AuthorPage).parameter(0).not.toEqualTypeOf<TemplateProps<typeof reviews>>();
  });
});

describe('typed interface words', () => {
  const strings = defineStrings({
    en: { 'nav.home': 'Home', 'nav.skip': 'Skip to content' },
    de: { 'nav.home': 'Startseite', 'nav.skip': 'Zum Inhalt springen' },
  });
  type Key = UiStringKey<typeof strings>;

  it('gives t() the keys of the site’s tables, and returns the tables unchanged', () => {
    expectTypeOf<Key>().toEqualTypeOf<'nav.home' | 'nav.skip'>();
    expect(defineStrings(strings)).toBe(strings);
  });

  it('refuses a typo’d key in a template and a layout typed by the tables', () => {
    const Home = ({ t }: PageProps<BaseData, Key>) => {
      // @ts-expect-error 'nav.hom' is in no table: a compile error, not only a failed render
      return t('nav.hom');
    };
    const Layout = ({ t }: LayoutProps<Key>) => {
      // @ts-expect-error nor in the layout
      return t('nav.skipp');
    };
    // A typed template and layout still fit a site definition, whose props give any string.
    expectTypeOf(Home).toExtend<TemplateDefinition['component']>();
    expectTypeOf(Layout).toExtend<SiteDefinition['layout']>();
  });
});
