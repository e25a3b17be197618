import { describe, expect, it } from 'vitest';
import { createSiteContext } from '../../src/site/context.ts';

// The sitemap, canonical, hreflang and feed links are absolute URLs: a page at `content/a b.md`
// or `café.md` needs them percent-encoded (found by an attack pass: `<loc>…/a b</loc>`).
describe("the site context's absolute URLs", () => {
  const url = (path: string, origin = 'https://site.example') => createSiteContext({ name: 'S', lang: 'en', origin }).url(path);

  it('percent-encode what a URL may not hold raw, and keep the escapes a page URL already has', () => {
    expect(url('/a b/café')).toBe('https://site.example/a%20b/caf%C3%A9');
    expect(url('/q%3Fx/%23top/%25')).toBe('https://site.example/q%3Fx/%23top/%25');
    expect(url('/posts/hello-world')).toBe('https://site.example/posts/hello-world');
  });

  it('keep an origin with a path, and its trailing slash rules', () => {
    expect(url('/guide/', 'https://site.example/docs/')).toBe('https://site.example/docs/guide/');
    expect(url('/')).toBe('https://site.example/');
  });
});
