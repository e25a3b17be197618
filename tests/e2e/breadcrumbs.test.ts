import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { contentOf, modes, openPage, useBrowser } from './helpers.ts';

const member = contentOf('about/team').sort((a, b) => Number(a.data.sort) - Number(b.data.sort))[0]!;
// The case study with the longest title: the hardest trail to fit on a phone.
const longest = contentOf('projects')
  .filter((p) => p.data.hidden !== true)
  .sort((a, b) => String(b.data.h1 ?? b.data.title).length - String(a.data.h1 ?? a.data.title).length)[0]!;
const article = contentOf('blogs')[0]!;
/** A page's visible heading, from its Markdown file. */
const headingOf = (file: string) => {
  const data = matter(fs.readFileSync(path.resolve(process.env.E2E_CONTENT ?? 'content', file), 'utf8'), {}).data;
  return String(data.h1 ?? data.title);
};

/** Each page, the URLs of its trail (Home first, the page itself last), and the name its last step must have. */
const PAGES: Array<[string, string[], string]> = [
  ['/about/team', ['/', '/about/team'], headingOf('about/team/_index.md')],
  [`/about/team/${member.slug}`, ['/', '/about/team', `/about/team/${member.slug}`], String(member.data.name)],
  [`/projects/${longest.slug}`, ['/', '/projects', `/projects/${longest.slug}`], String(longest.data.h1 ?? longest.data.title)],
  ['/projects/industry/financial-services', ['/', '/projects', '/projects/industry/financial-services'], 'Financial Services'],
  [`/blogs/${article.slug}`, ['/', '/blogs', `/blogs/${article.slug}`], String(article.data.h1 ?? article.data.title)],
  ['/contact', ['/', '/contact'], headingOf('contact.md')],
];

/** The visible trail: each step's full name (even when drawn shortened), URL and whether it is marked current. */
const trailOf = (page: Page) =>
  page.$$eval('nav[aria-label="Breadcrumb"] ol > li > a', (links) =>
    links.map((a) => ({ name: a.textContent, url: a.getAttribute('href'), current: a.getAttribute('aria-current') })),
  );

describe.skipIf(!hasBrowser).each(modes())('breadcrumbs (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('show Home › Section › Page, the last marked current, the same trail as the BreadcrumbList; none on the home page', async () => {
    const { page, context } = await openPage(browser(), `${base}/`);
    expect(await page.locator('nav[aria-label="Breadcrumb"]').count()).toBe(0);
    for (const [url, urls, name] of PAGES) {
      await page.goto(`${base}${url}`);
      const trail = await trailOf(page);
      expect(
        trail.map((step) => step.url),
        url,
      ).toEqual(urls);
      expect(trail.at(-1)!.name, url).toBe(name);
      expect(trail[0]!.name).toBe('Home');
      expect(trail.map((step) => step.current)).toEqual(trail.map((_, i) => (i === trail.length - 1 ? 'page' : null)));
      const jsonLd = await page.$$eval('script[type="application/ld+json"]', (scripts) =>
        scripts.map((s) => JSON.parse(s.textContent ?? '{}')),
      );
      const list = jsonLd.find((data) => data['@type'] === 'BreadcrumbList');
      expect(list.itemListElement.map((item: { name: string; item: string }) => [item.name, new URL(item.item).pathname])).toEqual(
        trail.map((step) => [step.name, step.url]),
      );
    }
    await context.close();
  });

  it.each([320, 390, 1024, 1440, 1920])(
    'fit on one line at %i px: inside the page, ancestors whole, only the current name shortened',
    async (width) => {
      const { page, context } = await openPage(browser(), `${base}/`, { width });
      for (const [url] of PAGES) {
        await page.goto(`${base}${url}`);
        const layout = await page.$eval('nav[aria-label="Breadcrumb"]', (nav) => {
          const items = [...nav.querySelectorAll('li')].map((li) => li.getBoundingClientRect());
          const links = [...nav.querySelectorAll('a')];
          return {
            viewport: document.documentElement.clientWidth,
            right: Math.max(...items.map((r) => r.right)),
            left: Math.min(...items.map((r) => r.left)),
            tops: items.map((r) => Math.round(r.top)),
            ancestorsCut: links.slice(0, -1).some((a) => a.scrollWidth > a.clientWidth + 1),
            heights: links.map((a) => a.getBoundingClientRect().height),
            visible: getComputedStyle(nav).visibility === 'visible' && nav.getBoundingClientRect().height > 0,
          };
        });
        expect(layout.visible, `${url} at ${width}`).toBe(true);
        expect(layout.left, `${url} at ${width}`).toBeGreaterThanOrEqual(0);
        expect(layout.right, `${url} at ${width}`).toBeLessThanOrEqual(layout.viewport);
        expect(new Set(layout.tops).size, `${url} at ${width}: one line`).toBe(1);
        expect(layout.ancestorsCut, `${url} at ${width}`).toBe(false);
        // WCAG 2.2 target size: every link at least 24 px tall.
        for (const height of layout.heights) expect(height).toBeGreaterThanOrEqual(24);
      }
      await context.close();
    },
  );

  it('follow client-side navigation and the back button, and show a focus ring', async () => {
    const { page, context } = await openPage(browser(), `${base}/projects`);
    const card = page.locator('#case-study-results .card-link').first();
    const href = await card.getAttribute('href');
    await card.click();
    await page.waitForURL(`**${href}`);
    await page.waitForFunction(
      (url) => document.querySelector('nav[aria-label="Breadcrumb"] [aria-current="page"]')?.getAttribute('href') === url,
      href,
    );
    expect((await trailOf(page)).map((step) => step.url)).toEqual(['/', '/projects', href]);

    // Reached by the keyboard, as :focus-visible expects.
    await page.locator('nav[aria-label="Breadcrumb"] a[href="/"]').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/projects');
    expect(
      await page.locator('nav[aria-label="Breadcrumb"] a[href="/projects"]').evaluate((el) => getComputedStyle(el).outlineStyle),
    ).not.toBe('none');

    await page.goBack();
    await page.waitForFunction(
      () => document.querySelector('nav[aria-label="Breadcrumb"] [aria-current="page"]')?.getAttribute('href') === '/projects',
    );
    expect((await trailOf(page)).map((step) => step.url)).toEqual(['/', '/projects']);
    await context.close();
  });
});
