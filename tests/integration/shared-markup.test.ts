import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { loadSite } from '../../src/site/load.ts';
import { memoryWriter } from '../../src/output/write.ts';
import CookieBanner from '../../templates/islands/CookieBanner.tsx';
import FloatingContact from '../../templates/islands/FloatingContact.tsx';
import SiteHeader, { headerPath } from '../../templates/islands/SiteHeader.tsx';

const ISLANDS: Record<string, ComponentType<never>> = { SiteHeader, FloatingContact, CookieBanner };

/** Each island in a page: its name, its props, and the markup inside its wrapper (divs nested in it counted). */
function islandsIn(html: string): Array<{ name: string; props: object; inner: string }> {
  const found = [];
  for (const match of html.matchAll(/<div data-island="([^"]+)" data-props="([^"]*)"(?: data-hydrate="[a-z]+")?>/g)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let at = start;
    const tags = /<div[\s>]|<\/div>/g;
    tags.lastIndex = start;
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[0] === '</div>' ? -1 : 1;
      if (depth === 0) {
        at = tag.index;
        break;
      }
    }
    const json = match[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    found.push({ name: match[1]!, props: JSON.parse(json) as object, inner: html.slice(start, at) });
  }
  return found;
}

/** An island rendered on its own, as the browser hydrates it; React's leading resource hints belong in the page's head. */
const alone = (Component: ComponentType<never>, props: object) =>
  renderToString(createElement(Component, props as never)).replace(/^(?:<link [^>]*\/>)+/, '');

/** The site's pages, built once for the file. */
let built: Promise<Array<[string, Uint8Array]>> | undefined;
function sitePages() {
  built ??= (async () => {
    const writer = memoryWriter();
    const result = await build(await loadSite(path.resolve('.')), writer, { cache: false, socialImages: false });
    expect(result.diagnostics).toEqual([]);
    return [...writer.files].filter(([file]) => file.endsWith('.html'));
  })();
  return built;
}

describe('islands, rendered once for each distinct set of props and shared between pages', () => {
  it('are, on every page of the site, what rendering the island with that page’s props gives', async () => {
    const pages = await sitePages();
    expect(pages.length).toBeGreaterThan(50);
    const checked = new Set<string>();
    for (const [file, bytes] of pages) {
      for (const island of islandsIn(new TextDecoder().decode(bytes))) {
        const Component = ISLANDS[island.name];
        if (!Component) continue;
        expect(island.inner, `${island.name} on ${file}`).toBe(alone(Component, island.props));
        checked.add(island.name);
      }
    }
    expect([...checked].sort()).toEqual(Object.keys(ISLANDS).sort());
  }, 120_000);

  it('give the header and the floating button a path they draw exactly as they draw the page’s own (headerPath)', async () => {
    const pages = await sitePages();
    const paths = new Set<string>();
    for (const [file, bytes] of pages) {
      const html = new TextDecoder().decode(bytes);
      const page = /<body data-path="([^"]*)"/.exec(html)?.[1];
      const islands = islandsIn(html);
      const header = islands.find((island) => island.name === 'SiteHeader');
      if (page === undefined || !header) continue;
      const { menus, path: given } = header.props as { menus: Parameters<typeof headerPath>[0]; path: string };
      expect(given, file).toBe(headerPath(menus, page));
      expect(alone(SiteHeader, { menus, path: page }), file).toBe(header.inner);
      const button = islands.find((island) => island.name === 'FloatingContact')!;
      expect(button.props, file).toEqual({ path: given });
      expect(alone(FloatingContact, { path: page }), file).toBe(button.inner);
      paths.add(given);
    }
    // Pages deep in a section share their header with the rest of it; linked pages keep their own.
    expect(paths).toContain('/projects/');
    expect(paths).toContain('/contact');
    expect(paths.size).toBeLessThan(pages.length / 2);
  }, 120_000);
});
