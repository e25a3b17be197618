import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Element, Root } from 'hast';
import rehypeExternalLinks from 'rehype-external-links';
import rehypeSlug from 'rehype-slug';
import { describe, expect, it } from 'vitest';
import { createProcessor } from '../../src/render/markdown.ts';
import { anyUrl, markdownBody } from './arbitraries.ts';
import { settings } from './workspace.ts';

/**
 * The build's one-walk pass (`rehypeLinksAndIds`) against what it replaced: rehype-slug, the
 * in-page link fix below (the engine's earlier code, unchanged), and rehype-external-links.
 */
function rehypePrefixedIdsBefore() {
  return (tree: Root) => {
    const ids = new Set<string>();
    const anchors: Element[] = [];
    const visit = (node: Root | Root['children'][number]) => {
      if (node.type !== 'element' && node.type !== 'root') return;
      if (node.type === 'element') {
        if (typeof node.properties.id === 'string') ids.add(node.properties.id);
        if (node.tagName === 'a' && typeof node.properties.href === 'string' && node.properties.href.startsWith('#')) anchors.push(node);
      }
      for (const child of node.children) visit(child);
    };
    visit(tree);
    for (const anchor of anchors) {
      let target = (anchor.properties.href as string).slice(1);
      try {
        target = decodeURIComponent(target);
      } catch {
        // Kept as written.
      }
      if (target && !ids.has(target) && ids.has(`user-content-${target}`))
        anchor.properties.href = `#user-content-${encodeURIComponent(target)}`;
    }
  };
}

const before = createProcessor([
  rehypeSlug,
  rehypePrefixedIdsBefore,
  [rehypeExternalLinks, { target: '_blank', rel: ['noopener', 'noreferrer'] }],
]);
const now = createProcessor();
const render = (processor: typeof now, body: string) => String(processor.processSync(body));

/** Headings with repeated and odd text, links of every kind to them and elsewhere, ids written in raw HTML. */
const headingsAndLinks = fc
  .array(
    fc.oneof(
      fc
        .tuple(
          fc.integer({ min: 1, max: 6 }),
          fc.constantFrom(
            'Results',
            'results',
            'The challenge',
            'Ünïcode & “quotes”',
            '',
            '  ',
            'a-b',
            'Results 1',
            '`code`',
            '**Bold** text',
          ),
        )
        .map(([level, text]) => `${'#'.repeat(level)} ${text}`),
      fc.constantFrom('results', 'results-1', 'the-challenge', 'user-content-results', '%E2%9C%93', '%', '').map((id) => `[jump](#${id})`),
      anyUrl.map((url) => `[out](${url})`),
      fc
        .constantFrom(
          '//cdn.example/x',
          'HTTPS://Example.com',
          'http:',
          'C:\\path',
          'mailto:a@b.c',
          'ftp://x',
          '/local',
          'https://example.com/#frag',
        )
        .map((url) => `[u](${url}) <${url}>`),
      fc.constantFrom(
        '<h2 id="results">Raw</h2>',
        '<a href="https://example.com">raw</a>',
        '<a href="#results">raw</a>',
        '<a name="x" id="results">x</a>',
        'Footnote[^1]\n\n[^1]: Note.',
      ),
    ),
    { maxLength: 12 },
  )
  .map((blocks) => blocks.join('\n\n'));

describe('one pass for heading ids, in-page links and external links', () => {
  it('gives the HTML rehype-slug, the in-page link fix and rehype-external-links gave, on generated headings and links', () => {
    fc.assert(
      fc.property(headingsAndLinks, (body) => {
        expect(render(now, body)).toBe(render(before, body));
      }),
      settings(1500),
    );
  });

  it('gives the same HTML on random Markdown', () => {
    fc.assert(
      fc.property(markdownBody, (body) => {
        let expected: string;
        try {
          expected = render(before, body);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          return;
        }
        expect(render(now, body)).toBe(expected);
      }),
      settings(100),
    );
  });

  it('gives the same HTML on every body of the site', () => {
    const bodies: string[] = [];
    for (const file of fs.readdirSync('content', { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.md')) bodies.push(matter(fs.readFileSync(path.join('content', file), 'utf8')).content);
    }
    expect(bodies.length).toBeGreaterThan(80);
    for (const body of bodies) expect(render(now, body)).toBe(render(before, body));
  });
});
