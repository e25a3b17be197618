import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z as z3 } from 'zod/v3';
import type { Route } from '../../src/routes/routes.ts';
import type { SiteInput } from '../../src/site/definition.ts';
import { findFieldLine } from '../../src/site/locate.ts';
import { checkNotFound, checkSite } from '../../src/site/validate.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';

const fixture = path.resolve('tests/fixtures/minimal');
const valid = (): SiteInput => createMinimalSite();
/** The minimal site with some fields replaced (undefined removes one). */
const withFields = (fields: Record<string, unknown>): unknown =>
  Object.fromEntries(Object.entries({ ...valid(), ...fields }).filter(([, value]) => value !== undefined));
const facts = (definition: unknown) =>
  checkSite(definition, fixture).diagnostics.map(({ code, field, expected, actual, hint }) => ({ code, field, expected, actual, hint }));

describe('checking a site definition', () => {
  it('accepts a valid definition and gives it back with absolute paths', () => {
    const checked = checkSite(
      { ...valid(), root: undefined, contentDir: 'content', styles: { main: 'main.css' }, islands: { Counter: './counter-island.tsx' } },
      fixture,
    );
    expect(checked.diagnostics).toEqual([]);
    expect(checked.site).toMatchObject({
      root: fixture,
      contentDir: path.join(fixture, 'content'),
      styles: { main: path.join(fixture, 'main.css') },
      islands: { Counter: path.join(fixture, 'counter-island.tsx') },
    });
  });

  it.each([
    [
      'a feed without outputs',
      { feeds: [{ collection: 'posts', title: 'Posts', description: 'All of them' }] },
      [
        { code: 'missing-field', field: 'feeds[0].rss', expected: 'a root-relative path such as /blog/rss.xml', actual: 'nothing' },
        { code: 'missing-field', field: 'feeds[0].atom', expected: 'a root-relative path such as /blog/atom.xml', actual: 'nothing' },
      ],
    ],
    [
      'a feed of a collection the site does not have',
      { feeds: [{ collection: 'post', title: 'T', description: 'D', rss: '/rss.xml', atom: '/atom.xml' }] },
      [
        {
          code: 'unknown-collection',
          field: 'feeds[0].collection',
          expected: 'one of posts, pages',
          actual: '"post"',
          hint: 'did you mean "posts"?',
        },
      ],
    ],
    [
      "a path declared as another site's that is not root-relative",
      { links: { external: ['reference/**'] } },
      [
        {
          code: 'invalid-format',
          field: 'links.external[0]',
          expected: 'a root-relative path such as /reference/**',
          actual: '"reference/**"',
        },
      ],
    ],
    [
      'search as text',
      { search: 'yes' },
      [{ code: 'invalid-type', field: 'search', expected: 'true or false or a set of fields', actual: '"yes"' }],
    ],
    [
      'search with fields that are no function',
      { search: { fields: 'tags' } },
      [{ code: 'invalid-type', field: 'search.fields', expected: 'a function (entry) => { filters, meta }', actual: '"tags"' }],
    ],
    [
      'search with an unknown option',
      { search: { index: 'main' } },
      [
        {
          code: 'unknown-field',
          field: 'search.index',
          expected: 'no such field',
          actual: '"index"',
          hint: 'remove it, or fix its spelling',
        },
      ],
    ],
    [
      'a misspelt optional field',
      { publicdir: 'public' },
      [{ code: 'unknown-field', field: 'publicdir', actual: '"publicdir"', hint: 'did you mean "publicDir"?' }],
    ],
    [
      'a misspelt required field, as one mistake',
      { contentDir: undefined, contentdir: 'content' },
      [
        {
          code: 'unknown-field',
          field: 'contentdir',
          actual: '"contentdir"',
          hint: 'did you mean "contentDir"? It is required, and missing.',
        },
      ],
    ],
    [
      'a layout that is no component',
      { layout: 'MainLayout' },
      [{ code: 'invalid-type', field: 'layout', expected: 'a React component', actual: '"MainLayout"' }],
    ],
    [
      'a not-found URL that is not root-relative',
      { notFound: 'missing' },
      [{ code: 'invalid-format', field: 'notFound', expected: 'a root-relative path such as /404', actual: '"missing"' }],
    ],
    [
      'an origin that is no http(s) URL',
      { origin: 'minimal.example' },
      [{ code: 'invalid-format', field: 'origin', actual: '"minimal.example"' }],
    ],
    [
      'a missing content folder',
      { contentDir: path.join(fixture, 'contnet') },
      [
        {
          code: 'missing-path',
          field: 'contentDir',
          expected: 'an existing folder',
          actual: JSON.stringify(path.join(fixture, 'contnet')),
          hint: `did you mean "${path.join(fixture, 'content')}"?`,
        },
      ],
    ],
    [
      'a relative island path that does not resolve',
      { islands: { Counter: 'counter.tsx' } },
      [
        {
          code: 'missing-path',
          field: 'islands.Counter',
          expected: 'an existing file',
          actual: `"counter.tsx" (read from the project root: ${path.join(fixture, 'counter.tsx')})`,
        },
      ],
    ],
    [
      'a stylesheet that is a folder',
      { styles: { main: 'content' } },
      [{ code: 'missing-path', field: 'styles.main', expected: 'an existing file' }],
    ],
    [
      'a favicon in neither the public nor the content folder',
      { favicon: '/icon.svg' },
      [{ code: 'missing-path', field: 'favicon', actual: '"/icon.svg"' }],
    ],
    [
      'an og font that does not exist',
      { og: { templates: {}, fonts: [{ name: 'Inter', file: 'inter.woff' }], image: (): undefined => undefined } },
      [{ code: 'missing-path', field: 'og.fonts[0].file' }],
    ],
    [
      "a locale's og font that does not exist",
      {
        og: {
          templates: {},
          fonts: [],
          localeFonts: { ar: [{ name: 'Noto Sans Arabic', file: 'arabic.woff' }] },
          image: (): undefined => undefined,
        },
      },
      [{ code: 'missing-path', field: 'og.localeFonts.ar[0].file' }],
    ],
    [
      'image widths that are no widths',
      { images: { widths: [0, 480.5] } },
      [
        { code: 'too-small', field: 'images.widths[0]', expected: 'at least 1', actual: '0' },
        { code: 'invalid-type', field: 'images.widths[1]', expected: 'a whole number', actual: '480.5' },
      ],
    ],
    [
      'an image quality out of range, and a misspelt image setting',
      { images: { quality: { avif: 500 }, avifeffort: 4 } },
      [
        { code: 'too-big', field: 'images.quality.avif', expected: 'at most 100', actual: '500' },
        { code: 'unknown-field', field: 'images.avifeffort', hint: 'did you mean "avifEffort"?' },
      ],
    ],
    [
      'a misspelt security setting',
      { security: { hstsPreloads: true } },
      [{ code: 'unknown-field', field: 'security.hstsPreloads', hint: 'did you mean "hstsPreload"?' }],
    ],
    [
      'an opener policy the engine does not send',
      { security: { crossOriginOpenerPolicy: 'unsafe-none' } },
      [
        {
          field: 'security.crossOriginOpenerPolicy',
          code: 'invalid-value',
          expected: 'one of same-origin, same-origin-allow-popups',
          actual: '"unsafe-none"',
        },
      ],
    ],
    [
      'a trailing-slash style the engine does not know',
      { trailingSlash: 'sometimes' },
      [{ field: 'trailingSlash', code: 'invalid-value', expected: 'one of never, always', actual: '"sometimes"', hint: undefined }],
    ],
    [
      'a collection schema that is no function',
      { collections: [{ name: 'pages', include: ['**/*.md'], schema: {}, template: 'page' }] },
      [{ code: 'invalid-type', field: 'collections[0].schema', expected: 'a function (helpers) => zod schema', actual: 'an object' }],
    ],
    [
      'a collection schema function that returns no schema',
      { collections: [{ name: 'pages', include: ['**/*.md'], schema: () => ({ title: 'x' }), template: 'page' }] },
      [{ code: 'invalid-type', field: 'collections[0].schema', actual: 'an object' }],
    ],
    [
      'a collection schema of zod 3, which the engine cannot read',
      { collections: [{ name: 'pages', include: ['**/*.md'], schema: () => z3.object({ title: z3.string() }), template: 'page' }] },
      [
        {
          code: 'invalid-type',
          field: 'collections[0].schema',
          expected: "a zod 4 schema, built with the `z` of 'stillsite'",
          actual: "a zod 3 schema (from 'zod/v3', or zod 3)",
          hint: "import { z } from 'stillsite' (zod 4) rather than from 'zod/v3' or zod 3.",
        },
      ],
    ],
  ])('reports %s', (_, fields, expected) => {
    expect(facts(withFields(fields))).toEqual(expected.map((d) => expect.objectContaining(d)));
  });

  it('reports a collection whose dates name a field its schema does not have, with a suggestion', () => {
    const site = valid();
    const definition = {
      ...site,
      collections: [{ ...site.collections[0]!, dates: { published: 'createDate', updated: 'createdDate' } }, site.collections[1]!],
    };
    expect(facts(definition)).toEqual([
      expect.objectContaining({
        code: 'unknown-field',
        field: 'collections[0].dates.published',
        actual: '"createDate"',
        hint: 'did you mean "createdDate"?',
      }),
    ]);
  });

  it('reports a redirect that is no root-relative path', () => {
    expect(facts(withFields({ redirects: { 'old-path': '/new' } }))).toEqual([
      expect.objectContaining({ field: 'redirects.old-path', expected: 'a root-relative path such as /old-path' }),
    ]);
  });

  it('reports a collection naming an unknown template, and a template naming an unknown stylesheet, with suggestions', () => {
    const site = valid();
    const definition = {
      ...site,
      collections: [{ ...site.collections[0]!, template: 'pgae' }, site.collections[1]!],
      templates: { page: { ...site.templates.page!, styles: ['main', 'mian'] } },
    };
    expect(facts(definition)).toEqual([
      {
        code: 'unknown-template',
        field: 'collections[0].template',
        expected: 'one of page',
        actual: '"pgae"',
        hint: 'did you mean "page"?',
      },
      {
        code: 'unknown-stylesheet',
        field: 'templates.page.styles[1]',
        expected: 'one of main',
        actual: '"mian"',
        hint: 'did you mean "main"?',
      },
    ]);
  });

  it('reports every problem at once: shape, names and paths', () => {
    const codes = facts(
      withFields({
        feeds: [{ collection: 'posts', title: 'T', description: 'D' }],
        contentDir: 'nowhere',
        templates: { page: { component: () => null, styles: ['nope'] } },
      }),
    ).map((d) => d.code);
    expect(codes.sort()).toEqual(['missing-field', 'missing-field', 'missing-path', 'unknown-stylesheet']);
  });

  it('says what to do when the module exports a function instead of the site', () => {
    expect(facts(() => valid())).toEqual([
      expect.objectContaining({ code: 'invalid-type', actual: 'a function', hint: expect.stringContaining('export default createSite()') }),
    ]);
  });

  it('reports a collection schema function that throws, with its stack as detail', () => {
    const definition = withFields({
      collections: [
        {
          name: 'pages',
          include: ['**/*.md'],
          schema: () => {
            throw new Error('no helpers here');
          },
          template: 'page',
        },
      ],
    });
    expect(checkSite(definition, fixture).diagnostics).toEqual([
      expect.objectContaining({
        code: 'invalid-site-code',
        field: 'collections[0].schema',
        message: 'threw: no helpers here',
        detail: expect.stringContaining('no helpers here'),
      }),
    ]);
  });

  it('points each problem at its file and line through the locator', () => {
    const located = checkSite(withFields({ notFound: 'missing' }), fixture, (fieldPath) => ({
      file: '/site/site.config.ts',
      line: fieldPath.length * 10,
    }));
    expect(located.diagnostics).toEqual([expect.objectContaining({ file: '/site/site.config.ts', line: 10, field: 'notFound' })]);
  });
});

describe('finding a field of the site definition in its module', () => {
  const text = [
    "import { defineSite } from 'stillsite';", // 1
    'const template: string = "x";', // 2
    'export default defineSite({', // 3
    "  contentDir: 'content',", // 4
    '  collections: [', // 5
    "    { name: 'a', include: ['a/*.md'], template: 'a' },", // 6
    "    { name: 'b', include: ['b/*.md'],", // 7
    "      template: 'b' },", // 8
    '  ],', // 9
    "  templates: { 'case-study': { component: Page, styles: ['base'] } },", // 10
    "  feeds: [{ collection: 'b' }],", // 11
    '});', // 12
  ].join('\n');

  it.each([
    [['contentDir'], 4],
    [['collections', 0, 'template'], 6],
    [['collections', 1, 'template'], 8],
    [['templates', 'case-study', 'styles', 0], 10],
    [['feeds', 0, 'rss'], 11],
    [['notFound'], 3],
    [[], 3],
  ])('finds %j on line %i', (fieldPath, line) => {
    expect(findFieldLine(text, fieldPath)).toBe(line);
  });

  it('finds nothing in a module that does not call defineSite', () => {
    expect(findFieldLine('export default {};', ['contentDir'])).toBeUndefined();
  });
});

describe('checking the not-found page once the routes are planned', () => {
  const routes = ['/', '/404', '/posts'].map((url) => ({ url }) as Route);

  it('accepts a not-found URL that is a page', () => {
    expect(checkNotFound({ notFound: '/404' }, routes)).toEqual([]);
  });

  it('reports one that is not, with the nearest page', () => {
    expect(checkNotFound({ notFound: '/40', locate: () => ({ file: '/site/site.config.ts', line: 7 }) }, routes)).toEqual([
      expect.objectContaining({
        code: 'missing-not-found-page',
        file: '/site/site.config.ts',
        line: 7,
        field: 'notFound',
        actual: '"/40"',
        hint: 'did you mean "/404"?',
      }),
    ]);
  });
});
