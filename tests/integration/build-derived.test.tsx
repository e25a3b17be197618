import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import type { PageProps, SiteDefinition } from '../../src/index.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';

/** A derived page: the posts whose title has a given word, counted. */
function WordPage({ entry, catalogue }: PageProps<{ title: string; description: string; word: string }>) {
  const posts = catalogue.collection('posts').filter((post) => post.data.title.toLowerCase().includes(entry.data.word));
  return (
    <section>
      <h1>{entry.data.title}</h1>
      <p className="count">{posts.length}</p>
      <ul>
        {posts.map((post) => (
          <li key={post.url}>{post.url}</li>
        ))}
      </ul>
    </section>
  );
}

/** The minimal fixture plus derived pages, as a site would declare them. */
function siteWith(routes: SiteDefinition['routes']): SiteDefinition {
  const site = createMinimalSite();
  return { ...site, templates: { ...site.templates, word: { component: WordPage, styles: ['main'] } }, routes };
}

const wordRoutes: SiteDefinition['routes'] = (catalogue) => [
  ...['post', 'first'].map((word) => ({
    url: `/words/${word}`,
    template: 'word',
    collection: 'words',
    data: { title: `Posts about ${word}`, description: `Every post with ${word} in its title.`, word },
  })),
  {
    url: '/words/secret',
    template: 'word',
    data: { title: 'Secret words', description: 'Built, but hidden.', word: 'secret', hidden: true },
  },
  // Derived from the catalogue it is given: one page per visible post.
  ...catalogue.collection('posts').map((post) => ({
    url: `/about${post.url}`,
    template: 'word',
    data: { title: `About ${post.data.title}`, description: 'A page about a post.', word: post.slug },
  })),
];

const text = (files: Map<string, Uint8Array>, path: string) => new TextDecoder().decode(files.get(path) ?? new Uint8Array());

describe('derived routes', async () => {
  const writer = memoryWriter();
  const result = await build(siteWith(wordRoutes), writer);

  it('builds with no diagnostics and renders each derived page inside the layout', () => {
    expect(result.diagnostics).toEqual([]);
    const page = text(writer.files, 'words/post/index.html');
    expect(page).toContain('<title>Posts about post</title>');
    expect(page).toContain('<nav>'); // the minimal layout's menu
    // Visible posts only (the fixture has three visible and one hidden), in the one ordering.
    expect(page).toContain('<p class="count">3</p>');
    expect([...page.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1])).toEqual(['/posts/second', '/posts/first', '/posts/unsorted']);
    expect(text(writer.files, 'about/posts/first/index.html')).toContain('<title>About First post</title>');
  });

  it('adds derived pages to the catalogue, in their collection', () => {
    expect(result.catalogue.collection('words').map((entry) => entry.url)).toEqual(['/words/first', '/words/post']);
    expect(result.catalogue.byPath('/words/secret')?.hidden).toBe(true);
    expect(result.routes.filter((route) => route.url.startsWith('/about/posts/'))).toHaveLength(3);
  });

  it('lists visible derived pages in the sitemap, leaves hidden ones out and marks them noindex', () => {
    const sitemap = text(writer.files, 'sitemap.xml');
    expect(sitemap).toContain('<loc>https://minimal.example/words/post</loc>');
    expect(sitemap).toContain('<loc>https://minimal.example/about/posts/second</loc>');
    expect(sitemap).not.toContain('/words/secret');
    expect(text(writer.files, 'words/secret/index.html')).toContain('<meta name="robots" content="noindex"/>');
    expect(text(writer.files, 'words/post/index.html')).not.toContain('noindex');
  });

  it('refuses a derived URL a content file has, naming both, and writes nothing', async () => {
    const clashing = memoryWriter();
    const failed = await build(
      siteWith(() => [
        { url: '/posts/first', template: 'word', source: '/x/words.ts', data: { title: 'Clash', description: 'Clash.', word: 'x' } },
      ]),
      clashing,
    );
    const duplicates = failed.diagnostics.filter((d) => d.code === 'duplicate-url');
    expect(duplicates.map((d) => d.file)).toEqual([expect.stringMatching(/content\/posts\/first\.md$/), '/x/words.ts']);
    expect(duplicates[0]!.actual).toMatch(/^content\/posts\/first\.md, the derived route \/posts\/first \(.*words\.ts\)$/);
    expect(clashing.files.size).toBe(0);
  });

  it('turns a routes() that throws into one diagnostic with its stack, and writes nothing', async () => {
    const broken = memoryWriter();
    const failed = await build(
      siteWith(() => {
        throw new Error('no tags today');
      }),
      broken,
    );
    expect(failed.diagnostics).toHaveLength(1);
    expect(failed.diagnostics[0]).toMatchObject({ code: 'routes-failed', severity: 'error' });
    expect(failed.diagnostics[0]!.message).toContain('no tags today');
    expect(failed.diagnostics[0]!.detail).toContain('build-derived.test.tsx');
    expect(broken.files.size).toBe(0);
  });
});
