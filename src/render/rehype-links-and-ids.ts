import GithubSlugger from 'github-slugger';
import type { Element, Root } from 'hast';
import { headingRank } from 'hast-util-heading-rank';
import { toString as textOf } from 'hast-util-to-string';
import { takeCustomId } from './headings.ts';

/**
 * Rehype plugin, one walk over the sanitized tree for three jobs that would each walk it on their
 * own (unist-util-visit renames a closure for every node it visits, which made the three walks a
 * tenth of a page's Markdown time):
 *
 * - headings without an id get GitHub's slug of their text (as rehype-slug does);
 * - the sanitizer prefixes ids written in content (`user-content-…`, so content cannot clobber
 *   the page's globals); in-page links written against the unprefixed id are pointed at the
 *   prefixed one, as GitHub does in the browser;
 * - links to other origins (http, https, or protocol-relative) open in a new tab without handing
 *   it `window.opener` or the referrer (as rehype-external-links does with those options).
 *
 * `tests/property/rehype-links-and-ids.test.ts` checks the output against those two plugins.
 */
export function rehypeLinksAndIds() {
  const slugs = new GithubSlugger();
  return (tree: Root) => {
    slugs.reset();
    const ids = new Set<string>();
    const inPage: Element[] = [];
    // MDX's JSX elements (`<Note>`) hold Markdown too: their children are walked, the elements left as they are.
    const visit = (node: Root | Root['children'][number]) => {
      if (!('children' in node)) return;
      if (node.type === 'element') {
        const { properties } = node;
        // A custom id (`## Install {#setup}`) is the author's; the others are GitHub's slugs.
        if (!properties.id && headingRank(node)) properties.id = takeCustomId(node) ?? slugs.slug(textOf(node));
        if (typeof properties.id === 'string') ids.add(properties.id);
        if (node.tagName === 'a' && typeof properties.href === 'string') {
          const href = properties.href;
          if (href.startsWith('#')) inPage.push(node);
          else if (isExternal(href)) {
            properties.rel = ['noopener', 'noreferrer'];
            properties.target = '_blank';
          }
        }
      }
      for (const child of node.children as Root['children']) visit(child);
    };
    visit(tree);
    for (const anchor of inPage) {
      const target = safeDecode((anchor.properties.href as string).slice(1));
      if (target && !ids.has(target) && ids.has(`user-content-${target}`))
        anchor.properties.href = `#user-content-${encodeURIComponent(target)}`;
    }
  };
}

/** An http(s) URL or a protocol-relative one (a Windows path such as `C:\…` is neither). */
export function isExternal(url: string): boolean {
  if (/^[a-zA-Z]:\\/.test(url)) return false;
  const scheme = /^([a-zA-Z][a-zA-Z\d+\-.]*?):/.exec(url);
  return scheme ? scheme[1] === 'http' || scheme[1] === 'https' : url.startsWith('//');
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
