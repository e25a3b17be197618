import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { contentOf, islandModes, modes, openPage, useBrowser, waitReady } from './helpers.ts';

// What each listing should show, worked out from the Markdown alone.
const visible = contentOf('projects')
  .filter((p) => p.data.hidden !== true)
  .map((p) => ({ url: `/projects/${p.slug}`, sort: Number(p.data.sort), tags: p.data.tags as string[] }))
  .sort((a, b) => a.sort - b.sort || (a.url < b.url ? -1 : 1));
const hidden = contentOf('projects').filter((p) => p.data.hidden === true);
const tagged = (...tags: string[]) => visible.filter((p) => tags.every((tag) => p.tags.includes(tag))).map((p) => p.url);
const studies = (n: number) => `${n} ${n === 1 ? 'case study' : 'case studies'}`;

// Their URL segments, as the site's tag pages name them.
const SLUGS: Record<string, string> = {
  financial: 'financial-services',
  retail: 'retail',
  healthBio: 'health-bio',
  aws: 'aws',
  python: 'python',
  gcp: 'google-cloud',
};
const industryPage = (tag: string) => `/projects/industry/${SLUGS[tag]}`;
const technologyPage = (tag: string) => `/projects/technology/${SLUGS[tag]}`;

/** The case studies the list shows (items the filter hid are left out), in order. */
const shownCards = (page: Page) =>
  page.$$eval('#case-study-results > li:not([hidden]) .card-link', (links) => links.map((link) => link.getAttribute('href')));
const countText = (page: Page) => page.locator('.filter .result-count').innerText();
const chip = (page: Page, facet: 'industry' | 'technology', tag: string) => page.locator(`#filter-${facet}-${SLUGS[tag]}`);
const chipCount = async (page: Page, facet: 'industry' | 'technology', tag: string) =>
  Number((await chip(page, facet, tag).locator('.chip-count').innerText()).match(/\d+/)![0]);
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
/** Waits until the filter has been hydrated into buttons. */
const enhanced = (page: Page) => page.locator('#filter-reset').waitFor();

describe.skipIf(!hasBrowser).each(modes())('case-study filter without JavaScript (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('links each industry and technology, with its count, to a page listing exactly those case studies', async () => {
    const { page, context } = await openPage(browser(), `${base}/projects`, { javaScript: false });
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(visible.map((p) => p.url));
    await expect.poll(() => countText(page), { timeout: 5_000 }).toBe(studies(visible.length));
    for (const p of hidden) expect(await page.locator(`a[href="/projects/${p.slug}"]`).count()).toBe(0);

    // Every option is a link (no buttons without JavaScript) whose count is that of the page it opens.
    expect(await page.locator('.filter button').count()).toBe(0);
    const financial = page.locator(`.filter a.chip[href="${industryPage('financial')}"]`);
    expect(
      Number(
        await financial
          .locator('.chip-count')
          .innerText()
          .then((t) => t.match(/\d+/)![0]),
      ),
    ).toBe(tagged('financial').length);

    await financial.click();
    await page.waitForURL(`**${industryPage('financial')}`);
    expect(await page.locator('h1').innerText()).toBe('Financial Services case studies');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('financial'));
    await expect.poll(() => countText(page), { timeout: 5_000 }).toBe(studies(tagged('financial').length));
    expect(await page.locator('.filter a.chip[aria-current="page"]').innerText()).toContain('Financial Services');

    await page.locator(`.filter a.chip[href="${technologyPage('aws')}"]`).click();
    await page.waitForURL(`**${technologyPage('aws')}`);
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('aws'));
    await expect.poll(() => countText(page), { timeout: 5_000 }).toBe(studies(tagged('aws').length));

    await page.getByRole('link', { name: 'All case studies' }).click();
    await page.waitForURL(/\/projects$/);
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toHaveLength(visible.length);
    await context.close();
  });
});

describe.skipIf(!hasBrowser).each(islandModes())('case-study filter with JavaScript (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('narrows the list in place with counts, keeps the choice in the URL, and follows back, forward and reload', async () => {
    const { page, context, errors } = await openPage(browser(), `${base}/projects`);
    await enhanced(page);
    // Set on this document: it survives only if no page is loaded.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const status = page.locator('.filter [role="status"]');
    expect(await status.getAttribute('aria-live')).toBe('polite');

    await chip(page, 'industry', 'financial').click();
    expect(await chip(page, 'industry', 'financial').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('financial'));
    await expect.poll(() => status.innerText(), { timeout: 5_000 }).toBe(studies(tagged('financial').length));
    expect(pathAndQuery(page)).toBe('/projects?industry=financial-services');
    // Technology counts now say what each would leave of Financial Services; an empty choice is disabled.
    expect(await chipCount(page, 'technology', 'aws')).toBe(tagged('financial', 'aws').length);
    expect(await chipCount(page, 'technology', 'python')).toBe(tagged('financial', 'python').length);
    if (tagged('financial', 'gcp').length === 0) expect(await chip(page, 'technology', 'gcp').isDisabled()).toBe(true);

    await chip(page, 'technology', 'aws').click();
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('financial', 'aws'));
    await expect.poll(() => status.innerText(), { timeout: 5_000 }).toBe(studies(tagged('financial', 'aws').length));
    expect(pathAndQuery(page)).toBe('/projects?industry=financial-services&technology=aws');

    await page.goBack();
    await page.waitForURL('**/projects?industry=financial-services');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('financial'));
    expect(await chip(page, 'technology', 'aws').getAttribute('aria-pressed')).toBe('false');
    await page.goForward();
    await page.waitForURL('**/projects?industry=financial-services&technology=aws');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('financial', 'aws'));
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await page.reload();
    await waitReady(page);
    await enhanced(page);
    await page.waitForFunction(() => document.querySelector('#filter-technology-aws')?.getAttribute('aria-pressed') === 'true');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('financial', 'aws'));
    await expect.poll(() => status.innerText(), { timeout: 5_000 }).toBe(studies(tagged('financial', 'aws').length));

    await page.locator('#filter-reset').click();
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(visible.map((p) => p.url));
    expect(pathAndQuery(page)).toBe('/projects');
    expect(await page.locator('#filter-reset').getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator('.chip[aria-pressed="true"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works from the keyboard, with a visible focus ring', async () => {
    const { page, context } = await openPage(browser(), `${base}/projects`);
    await enhanced(page);
    await chip(page, 'industry', 'retail').focus();
    await page.keyboard.press('Enter');
    expect(await chip(page, 'industry', 'retail').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('retail'));
    expect(await chip(page, 'industry', 'retail').evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Space');
    expect(await chip(page, 'industry', 'retail').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toHaveLength(visible.length);
    // Tab moves on to the next option.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('chip'))).toBe(true);
    await context.close();
  });

  it('on a tag page narrows its own list in place, and loads the page of another industry with the choice kept', async () => {
    const { page, context, errors } = await openPage(browser(), `${base}${industryPage('financial')}`);
    await enhanced(page);
    expect(await chip(page, 'industry', 'financial').getAttribute('aria-pressed')).toBe('true');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await chip(page, 'technology', 'aws').click();
    expect(pathAndQuery(page)).toBe(`${industryPage('financial')}?technology=aws`);
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('financial', 'aws'));
    // Counts of other industries are what switching to them would show, AWS kept.
    expect(await chipCount(page, 'industry', 'retail')).toBe(tagged('retail', 'aws').length);

    await chip(page, 'industry', 'retail').click();
    await page.waitForURL(`**${industryPage('retail')}?technology=aws`);
    await page.waitForFunction(() => document.querySelector('#filter-industry-retail')?.getAttribute('aria-pressed') === 'true');
    expect(await page.locator('h1').innerText()).toBe('Retail case studies');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('retail', 'aws'));
    // Loaded by the client router, and the choice just made keeps the focus.
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('filter-industry-retail');

    await page.goBack();
    await page.waitForURL(`**${industryPage('financial')}?technology=aws`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Financial Services case studies');
    await page.waitForFunction(() => document.querySelector('#filter-technology-aws')?.getAttribute('aria-pressed') === 'true');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('financial', 'aws'));

    await page.locator('#filter-reset').click();
    await page.waitForURL(/\/projects$/);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Case studies');
    await enhanced(page);
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(visible.map((p) => p.url));
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([320, 390, 1024, 1440, 1920])(
    'fits the page at %i px: the filter, its rows and the cards stay inside the viewport',
    async (width) => {
      const { page, context } = await openPage(browser(), `${base}${industryPage('financial')}`, { width });
      await enhanced(page);
      const layout = await page.evaluate(() => {
        const right = (selector: string) =>
          Math.max(...[...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect().right));
        return {
          viewport: document.documentElement.clientWidth,
          page: document.documentElement.scrollWidth,
          filter: right('.filter'),
          rows: right('.chip-list'),
          cards: right('#case-study-results > li'),
        };
      });
      expect(layout.filter).toBeLessThanOrEqual(layout.viewport);
      expect(layout.rows).toBeLessThanOrEqual(layout.viewport);
      expect(layout.cards).toBeLessThanOrEqual(layout.viewport);
      // On phones the facet rows scroll sideways inside the panel; the page itself must not.
      if (width < 600) expect(layout.page).toBe(layout.viewport);
      await context.close();
    },
  );

  it('passes axe (WCAG 2.2 AA) with choices made, options disabled and the filter focused', async () => {
    const { page, context } = await openPage(browser(), `${base}/projects?industry=${SLUGS.healthBio}&technology=python`, { width: 390 });
    await enhanced(page);
    await page.waitForFunction(() => document.querySelector('#filter-technology-python')?.getAttribute('aria-pressed') === 'true');
    await expect.poll(() => shownCards(page), { timeout: 5_000 }).toEqual(tagged('healthBio', 'python'));
    await chip(page, 'technology', 'python').focus();
    const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
          };
        }
      ).axe;
      const results = await axe.run(
        { include: [['.filter'], ['#case-study-results'], ['nav.breadcrumbs']] },
        { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      );
      return results.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    });
    expect(violations).toEqual([]);
    await context.close();
  });
});
