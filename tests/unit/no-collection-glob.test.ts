import { describe, expect, it } from 'vitest';
import { globFor } from '../../src/content/validate.ts';
import { diagnose } from '../../src/diagnostics/catalogue/index.ts';

describe('the glob a no-collection hint names', () => {
  it('is the page-bundle form for an index file, the folder’s files otherwise', () => {
    expect(globFor('posts/first-light/index.md')).toBe('posts/*/index.md');
    expect(globFor('posts/first.md')).toBe('posts/*.md');
    expect(globFor('docs/guide/intro.mdx')).toBe('docs/guide/*.mdx');
    expect(globFor('about.md')).toBe('*.md');
    expect(globFor('about/index.md')).toBe('*/index.md');
  });

  it('is in the hint', () => {
    const relative = 'posts/first-light/index.md';
    expect(diagnose('no-collection', { relative, glob: globFor(relative) }).hint).toBe(
      'Move it into a folder the site defines, or add "posts/*/index.md" to the include of the collection it belongs with (or a new collection\u2019s) so that it matches "posts/first-light/index.md".',
    );
  });
});
