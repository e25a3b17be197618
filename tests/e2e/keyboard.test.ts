import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser.ts';
import { contentOf, islandModes, modes, openPage, useBrowser } from './helpers.ts';

/**
 * Keyboard-only use (issue 6): a skip link first, every control reachable by Tab in document
 * order, a visible focus indicator on each, and Escape closing what is open.
 */

const caseStudy = contentOf('projects').find((p) => p.data.hidden !== true)!.slug;
const article = contentOf('blogs')[0]!.slug;
const PAGES = ['/', `/projects/${caseStudy}`, `/blogs/${article}`, '/contact'];

/** A control's outline and shadow, and those of its three nearest ancestors (a card shows its link's focus). */
type FocusStyle = string[];

/**
 * Labels every control a keyboard should reach (visible, enabled, not taken out of the tab order),
 * in document order, and records how each looks unfocused.
 */
async function labelControls(page: Page): Promise<Array<{ label: string; style: FocusStyle }>> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]';
    const styleOf = (element: Element) => {
      const chain: string[] = [];
      for (let node: Element | null = element, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
        const style = getComputedStyle(node);
        chain.push(`${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`);
      }
      return chain;
    };
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled && !element.closest('[inert]'))
      .filter((element) => element.checkVisibility({ visibilityProperty: true }))
      .map((element, index) => {
        const label = `${index}:${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
        element.dataset.kbLabel = label;
        return { label, style: styleOf(element) };
      });
  });
}

/** Presses Tab until focus leaves the page, returning each stop's label and how it looked focused. */
async function tabThrough(
  page: Page,
  limit: number,
): Promise<Array<{ label: string; style: FocusStyle; covered: boolean; positiveTabIndex: boolean }>> {
  const stops: Array<{ label: string; style: FocusStyle; covered: boolean; positiveTabIndex: boolean }> = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const chain: string[] = [];
      for (let node: Element | null = element, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
        const style = getComputedStyle(node);
        chain.push(`${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`);
      }
      // WCAG 2.4.11: the focused control must not be entirely hidden by sticky or fixed content.
      const box = element.getBoundingClientRect();
      const points = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 2, box.top + 2],
        [box.right - 2, box.bottom - 2],
      ];
      const inView = box.bottom > 0 && box.top < innerHeight;
      const visible = points.some(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!);
        return hit !== null && (element.contains(hit) || hit.contains(element));
      });
      return {
        label: element.dataset.kbLabel ?? `unlabelled ${element.tagName.toLowerCase()}`,
        style: chain,
        covered: !(inView && visible),
        positiveTabIndex: element.tabIndex > 0,
      };
    });
    if (!stop || stops[0]?.label === stop.label) break;
    stops.push(stop);
  }
  return stops;
}

describe.skipIf(!hasBrowser).each(modes())('keyboard only (%s)', (_mode, base) => {
  const browser = useBrowser();

  it.each([390, 1440])('at %i px the first Tab reaches a visible skip link that moves focus to <main>', async (width) => {
    for (const path of PAGES) {
      const { page, context } = await openPage(browser(), `${base}${path}`, { width });
      await page.keyboard.press('Tab');
      const first = await page.evaluate(() => {
        const element = document.activeElement as HTMLAnchorElement;
        const box = element.getBoundingClientRect();
        return {
          text: element.textContent?.trim(),
          href: element.getAttribute('href'),
          onScreen: box.top >= 0 && box.bottom <= innerHeight && box.width > 1,
        };
      });
      expect(first, path).toEqual({ text: 'Skip to content', href: '#main', onScreen: true });
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName), path).toBe('MAIN');
      // The next Tab continues inside the page, not back in the header.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null), path).toBe(true);
      await context.close();
    }
  });

  // One page at one width per test: a full Tab walk is a hundred key presses and more.
  it.each(PAGES.flatMap((path) => [390, 1440].map((width) => [path, width] as const)))(
    '%s at %i px: Tab reaches every link and button in document order, each with a visible, unobscured focus indicator',
    async (path, width) => {
      const { page, context } = await openPage(browser(), `${base}${path}`, { width });
      const controls = await labelControls(page);
      expect(controls.length).toBeGreaterThan(10);
      const stops = await tabThrough(page, controls.length + 10);
      expect(
        stops.map((stop) => stop.label),
        'Tab order',
      ).toEqual(controls.map((control) => control.label));
      const unfocused = new Map(controls.map((control) => [control.label, control.style.join(' / ')]));
      const invisible = stops.filter(
        (stop) =>
          stop.style.join(' / ') === unfocused.get(stop.label) ||
          !/(solid|dotted|dashed|double|auto) [1-9]|\| (?!none)/.test(stop.style.join(' ')),
      );
      expect(
        invisible.map((stop) => stop.label),
        'controls that look the same focused and unfocused',
      ).toEqual([]);
      expect(
        stops.filter((stop) => stop.covered).map((stop) => stop.label),
        'focused controls hidden under other content',
      ).toEqual([]);
      expect(
        stops.filter((stop) => stop.positiveTabIndex).map((stop) => stop.label),
        'positive tabindex',
      ).toEqual([]);
      await context.close();
    },
    90_000,
  );
});

describe.skipIf(!hasBrowser).each(islandModes())('keyboard in the header (%s)', (_mode, base) => {
  const browser = useBrowser();

  it('at 1440 px Enter opens a dropdown, Tab walks its links, Escape closes it and returns focus to the trigger', async () => {
    const { page, context } = await openPage(browser(), `${base}/`, { width: 1440 });
    for (const id of ['about', 'case-studies', 'services', 'blogs']) {
      const trigger = page.locator(`#trigger-${id}`);
      await trigger.focus();
      await page.keyboard.press('Enter');
      expect(await trigger.getAttribute('aria-expanded'), id).toBe('true');
      await page.locator(`#menu-${id}`).waitFor({ state: 'visible' });
      const links = await page.locator(`#menu-${id} a`).evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      for (const href of links) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('href')), id).toBe(href);
      }
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Escape');
      await page.locator(`#menu-${id}`).waitFor({ state: 'hidden' });
      expect(await trigger.getAttribute('aria-expanded'), id).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.id), id).toBe(`trigger-${id}`);
    }
    await context.close();
  });

  it('at 390 px the menu button opens the menu by keyboard; Escape closes a dropdown, then the menu, returning focus each time', async () => {
    const { page, context } = await openPage(browser(), `${base}/`, { width: 390 });
    const toggle = page.locator('button[aria-controls="site-nav"]');
    // Skip link, logo, then the menu button.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('site-nav');
    await page.keyboard.press('Enter');
    await page.locator('#site-nav').waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('trigger-about');
    await page.keyboard.press('Enter');
    await page.locator('#menu-about').waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/about/company');
    await page.keyboard.press('Escape');
    await page.locator('#menu-about').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('trigger-about');
    await page.keyboard.press('Escape');
    await page.locator('#site-nav').waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('site-nav');
    await context.close();
  });
});
