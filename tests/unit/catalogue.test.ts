import { describe, expect, it } from 'vitest';
import { checkReferences, createCatalogue } from '../../src/content/catalogue.ts';
import { Ref } from '../../src/content/schema-helpers.ts';
import { makeEntry } from '../helpers/entries.ts';

const entries = [
  makeEntry('projects', '/projects/b', { sort: 20 }),
  makeEntry('projects', '/projects/a', { sort: 20 }),
  makeEntry('projects', '/projects/hidden', { sort: 1, hidden: true }),
  makeEntry('projects', '/projects/nosort'),
  makeEntry('projects', '/projects', {}, { listPage: true, collection: 'projects' }),
  makeEntry('team', '/about/team/ada', { sort: 10 }),
  makeEntry('blogs', '/blogs/post', { author: new Ref('team', 'ada') }),
  makeEntry('blogs', '/blogs/orphan', { author: new Ref('team', 'nobody') }),
];
const catalogue = createCatalogue(entries);

describe('catalogue', () => {
  it('finds an entry by path, with or without a trailing slash', () => {
    expect(catalogue.byPath('/projects/a')?.url).toBe('/projects/a');
    expect(catalogue.byPath('/projects/a/')?.url).toBe('/projects/a');
    expect(catalogue.byPath('/projects/zzz')).toBeUndefined();
  });

  it('finds hidden entries by path: they are built and reachable', () => {
    expect(catalogue.byPath('/projects/hidden')?.hidden).toBe(true);
  });

  it('lists a collection in the one ordering, without hidden entries or list pages', () => {
    expect(catalogue.collection('projects').map((e) => e.url)).toEqual(['/projects/a', '/projects/b', '/projects/nosort']);
  });

  it('includes hidden entries and list pages only when asked', () => {
    expect(catalogue.collection('projects', { includeHidden: true, includeListPages: true }).map((e) => e.url)).toEqual([
      '/projects/hidden',
      '/projects/a',
      '/projects/b',
      '/projects',
      '/projects/nosort',
    ]);
  });

  it('resolves references by slug', () => {
    expect(catalogue.resolve(new Ref('team', 'ada'))?.url).toBe('/about/team/ada');
    expect(catalogue.resolve(new Ref('team', 'nobody'))).toBeUndefined();
  });

  it('reports references to entries that do not exist, with the field and candidates', () => {
    const diagnostics = checkReferences(catalogue, () => ({ line: 4, column: 1 }));
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'unknown-reference',
        file: '/content/blogs/orphan.md',
        field: 'author',
        line: 4,
        expected: 'one of ada',
        actual: '"nobody"',
      }),
    ]);
  });

  it('says so when a reference names a draft the build left out', () => {
    const draft = makeEntry('team', '/team/grace', {}, { draft: true });
    const orphan = makeEntry('blogs', '/blogs/orphan', { author: new Ref('team', 'grace') });
    const [diagnostic] = checkReferences(createCatalogue([orphan]), () => ({ line: 4, column: 1 }), [draft]);
    expect(diagnostic).toMatchObject({
      code: 'unknown-reference',
      hint: '"grace" is a draft (draft: true), left out of this build: publish it, or build with --drafts.',
    });
  });

  it('builds the content index, one item per page entry', () => {
    const index = catalogue.index();
    expect(index).toHaveLength(entries.length);
    expect(index.find((item) => item.path === '/projects/hidden')).toEqual({
      path: '/projects/hidden',
      componentPath: 'page',
      title: 'Title of /projects/hidden',
      hidden: true,
      sort: 1,
      published: undefined,
    });
  });
});
