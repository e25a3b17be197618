/**
 * No layout shift (issues 7 and 16): one page of every template, loaded as a first-time visitor on
 * a phone and on a desktop, with images and scripts held back (islands hydrate after the first
 * paint, the cookie banner at once) and any web font held back until the page has painted without
 * it, so a swap would happen in view. The site sets its text in the system's font and loads none;
 * a web font added later is still tested here. The cumulative layout shift, read from
 * `layout-shift` entries, must stay under 0.01.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chooseTemplatePages } from '../../scripts/template-pages.ts';
import { hasBrowser } from './browser.ts';
import { modes, useBrowser, waitReady } from './helpers.ts';

/** "Good" CLS is under 0.1; a page whose layout does not move scores 0, and 0.01 leaves room only for sub-pixel noise. */
const CLS_LIMIT = 0.01;
const WIDTHS = [390, 1440];
/** Images and scripts arrive late (hydration after the first paint); the font only once the page has painted without it. */
const DELAY_MS = { image: 400, script: 300, fontAfterPaint: 150 };

const templates = hasBrowser ? await chooseTemplatePages(inject('distDir')) : [];

interface Shift {
  value: number;
  time: number;
  sources: string[];
}

/** Records every layout shift not caused by input, from the first paint on (buffered). */
function observeShifts() {
  const shifts: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
  const describeNode = (node: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const classes = [...node.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('');
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }
    >) {
      if (!entry.hadRecentInput)
        shifts.push({
          value: entry.value,
          time: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((s) => describeNode(s.node)),
        });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** CLS as browsers define it: the largest session window (shifts less than 1 s apart, 5 s at most). */
function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let worst = 0;
  let window = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.time - last > 1000 || shift.time - start > 5000) {
      window = 0;
      start = shift.time;
    }
    window += shift.value;
    last = shift.time;
    worst = Math.max(worst, window);
  }
  return worst;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds back images and scripts for a while, and the web font until the page has painted with the fallback. */
async function holdBack(context: BrowserContext, page: () => Page | undefined): Promise<void> {
  const later = (ms: number) => async (route: { continue(): Promise<void> }) => {
    await sleep(ms);
    await route.continue().catch(() => {});
  };
  await context.route(/\/images\//, later(DELAY_MS.image));
  await context.route(/\.js(\?|$)/, later(DELAY_MS.script));
  await context.route(/\.woff2?(\?|$)/, async (route) => {
    const painted = () =>
      page()
        ?.evaluate(() => performance.getEntriesByName('first-contentful-paint').length > 0)
        .catch(() => false) ?? false;
    for (let waited = 0; waited < 10_000 && !(await painted()); waited += 50) await sleep(50);
    await sleep(DELAY_MS.fontAfterPaint);
    await route.continue().catch(() => {});
  });
}

/** Loads the page and waits until it is hydrated, its fonts are in and the network is quiet. */
async function loadFully(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitReady(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  // A shift is reported after the frame it happens in; give the last frames time to land.
  await page.waitForTimeout(300);
}

describe.skipIf(!hasBrowser).each(modes())('layout shift (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('has a page of every template to look at', () => {
    expect(templates.map((t) => t.template)).toEqual(['home', 'list', 'case study', 'article', 'bio', 'service', 'contact', '404']);
  });

  it.each(templates)('$template ($page): CLS < 0.01 while it loads and hydrates', async ({ page: path }) => {
    for (const width of WIDTHS) {
      // A first visit: no stored consent, so the cookie banner appears too.
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      let current: Page | undefined;
      await holdBack(context, () => current);
      await context.addInitScript(observeShifts);
      const page = (current = await context.newPage());
      try {
        await loadFully(page, `${base}${path}`);
        const { shifts, fontArrived, firstPaint, fontFamilies, bannerHydrated } = await page.evaluate(() => {
          const fonts = performance
            .getEntriesByType('resource')
            .filter((entry) => /\.woff2?(\?|$)/.test(entry.name)) as PerformanceResourceTiming[];
          return {
            shifts: (window as unknown as { __shifts: Shift[] }).__shifts,
            fontArrived: Math.max(0, ...fonts.map((entry) => entry.responseEnd)),
            firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
            fontFamilies: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
            // A first visit shows the cookie banner and hydrates it at once.
            bannerHydrated: document.querySelector('[data-island="CookieBanner"]')?.hasAttribute('data-hydrated') === true,
          };
        });
        // The test only means something if an island hydrated in view (its script held back past the first paint), and a web font, if any, swapped in after it.
        expect(bannerHydrated, `${path} at ${width}px: the cookie banner never hydrated`).toBe(true);
        if (fontFamilies.length)
          expect(fontArrived, `${path} at ${width}px: the font arrived before the first paint`).toBeGreaterThan(firstPaint);
        const cls = cumulativeLayoutShift(shifts);
        const detail = shifts.map((s) => `  ${s.value.toFixed(4)} at ${s.time} ms: ${s.sources.join(', ') || '(no source)'}`).join('\n');
        expect(cls, `${path} at ${width}px: CLS ${cls.toFixed(4)}\n${detail}`).toBeLessThan(CLS_LIMIT);
      } finally {
        await context.close();
      }
    }
  });
});
