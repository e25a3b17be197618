import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { modes, openPage, useBrowser } from './helpers.ts';

// The case-study listing lays its cards out as they come near the viewport (cards.css): what a
// visitor sees of them must not change, only when the browser does the work.
describe.skipIf(!hasBrowser)('the case-study listing, sixty cards long (site build)', () => {
  const browser = useBrowser();
  const base = modes()[0][1];

  it.each([390, 1440])('at %i px, leaves the far cards unrendered until they are scrolled to, then shows them whole', async (width) => {
    const { page, context } = await openPage(browser(), `${base}/projects`, { width });
    const rendered = () =>
      page.evaluate(() =>
        // A card is skipped while its item, the element with `content-visibility: auto`, is far off.
        [...document.querySelectorAll('#case-study-results > li > .card')].map((card) =>
          card.checkVisibility({ contentVisibilityAuto: true }),
        ),
      );
    const atLoad = await rendered();
    expect(atLoad.length).toBeGreaterThan(30);
    expect(atLoad.slice(0, 3)).toEqual([true, true, true]);
    expect(atLoad.at(-1)).toBe(false);

    const last = page.locator('#case-study-results > li').last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await rendered()).at(-1)).toBe(true);
    // Rendered, the item is as tall as its card: the placeholder's height is gone.
    const { item, card } = await last.evaluate((li) => ({
      item: li.getBoundingClientRect().height - Number.parseFloat(getComputedStyle(li).paddingTop) * 2,
      card: li.querySelector('.card')!.getBoundingClientRect().height,
    }));
    expect(Math.abs(item - card)).toBeLessThan(1);
    await context.close();
  });

  it('paints the focus ring of every card whole: each item leaves room around its card for it', async () => {
    const { page, context } = await openPage(browser(), `${base}/projects`, { width: 1440 });
    const items = page.locator('#case-study-results > li');
    const count = await items.count();
    const clipped: number[] = [];
    for (const index of [3, 10, count - 1]) {
      const link = items.nth(index).locator('.card-link');
      await link.scrollIntoViewIfNeeded();
      await link.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const fits = await items.nth(index).evaluate((li) => {
        const card = li.querySelector<HTMLElement>('.card')!;
        const style = getComputedStyle(card);
        if (style.outlineStyle === 'none') return false;
        const ring = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
        const outer = li.getBoundingClientRect();
        const inner = card.getBoundingClientRect();
        // Paint containment clips at the item's padding box; the item has no border.
        return (
          inner.left - ring >= outer.left - 0.5 &&
          inner.top - ring >= outer.top - 0.5 &&
          inner.right + ring <= outer.right + 0.5 &&
          inner.bottom + ring <= outer.bottom + 0.5
        );
      });
      if (!fits) clipped.push(index);
    }
    expect(clipped).toEqual([]);
    await context.close();
  });
});
