import { describe, expect, it } from 'vitest';
import { asksNoindex, indexedCopy } from '../../src/search/indexed-copy.ts';

const page = (main: string, head = '') =>
  `<!DOCTYPE html><html lang="en"><head>${head}</head><body><nav>Menu</nav>${main}<footer>Foot</footer></body></html>`;

describe('the copy of a page Pagefind reads', () => {
  it('marks the page’s <main> as its content, leaving menus and footers out', () => {
    expect(indexedCopy(page('<main id="main"><h1>T</h1></main>'), undefined)).toBe(
      page('<main data-pagefind-body id="main"><h1>T</h1></main>'),
    );
  });

  it('keeps the element the template marked, and marks the body of a page with no <main>', () => {
    const marked = page('<main><article data-pagefind-body=""><h1>T</h1></article><aside>More</aside></main>');
    expect(indexedCopy(marked, undefined)).toBe(marked);
    expect(indexedCopy(page('<div><h1>T</h1></div>'), undefined)).toContain('<body data-pagefind-body><nav>');
  });

  it('is not fooled by the attribute’s name in text, which react-dom/server escapes', () => {
    const copy = indexedCopy(page('<main><p>Add data-pagefind-body to &lt;main data-pagefind-body&gt;</p></main>'), undefined);
    expect(copy).toContain('<main data-pagefind-body><p>');
  });

  it('writes filters and metadata as escaped text after the content, where their words are not indexed', () => {
    const copy = indexedCopy(page('<main><h1>T</h1></main>'), {
      filters: { tag: ['a<b', 'c'], kind: 'post' },
      meta: { date: '2024 & after' },
    });
    expect(copy).toContain(
      '<footer>Foot</footer><div data-pagefind-ignore><span data-pagefind-filter="tag">a&lt;b</span><span data-pagefind-filter="tag">c</span><span data-pagefind-filter="kind">post</span><span data-pagefind-meta="date">2024 &amp; after</span></div></body>',
    );
  });

  it('finds a robots noindex the template wrote, and no other', () => {
    expect(asksNoindex(page('<main></main>', '<meta name="robots" content="noindex, follow"/>'))).toBe(true);
    expect(asksNoindex(page('<main></main>', '<meta name="googlebot" content="noindex"/><meta name="robots" content="index"/>'))).toBe(
      false,
    );
    expect(asksNoindex(page('<main><p>meta name="robots" content="noindex"</p></main>'))).toBe(false);
  });
});
