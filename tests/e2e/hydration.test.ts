/**
 * Islands are rendered on the server by react-dom/server and hydrated in the browser by React
 * (or preact/compat, the site option; src/assets/client-runtime.ts). Hydration must adopt the
 * server's markup as it is: a mismatch shows up as nodes thrown away and created again, or
 * attributes rewritten, inside an island before the client marks it `data-hydrated` (once its
 * effects have run). What an island's effects change afterwards (a filter turning its links into
 * buttons) is the component's design, not a mismatch.
 */
import { describe, expect, inject, it } from 'vitest';
import { chooseTemplatePages } from '../../scripts/template-pages.ts';
import { hasBrowser } from './browser.ts';
import { islandModes, openPage, useBrowser } from './helpers.ts';

const templates = hasBrowser ? await chooseTemplatePages(inject('distDir')) : [];

/** Records DOM changes inside each island from the end of parsing (before any module runs) until it is marked hydrated. */
function watchIslands() {
  const changes: string[] = [];
  (window as unknown as { __islandChanges: string[] }).__islandChanges = changes;
  const label = (node: Node) =>
    node instanceof Element ? `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}>` : node.nodeName;
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const island = target?.closest('[data-island]');
        if (!island) continue;
        if (record.type === 'attributes' && record.attributeName === 'data-hydrated' && record.target === island) {
          island.setAttribute('data-watched', '');
          continue;
        }
        // Changes after hydration are the component's own (effects, state).
        if (island.hasAttribute('data-watched')) continue;
        const where = `${island.getAttribute('data-island')} ${label(record.target)}`;
        // Comment nodes are React's text separators; dropping them changes nothing on screen.
        const added = [...record.addedNodes].filter((node) => node.nodeType !== Node.COMMENT_NODE);
        const removed = [...record.removedNodes].filter((node) => node.nodeType !== Node.COMMENT_NODE);
        if (record.type === 'childList' && (added.length || removed.length))
          changes.push(`${where}: +${added.map(label).join(',')} -${removed.map(label).join(',')}`);
        if (record.type === 'attributes' && record.attributeName !== 'data-watched')
          changes.push(
            `${where}: ${record.attributeName} "${record.oldValue}" → "${(record.target as Element).getAttribute(record.attributeName!)}"`,
          );
        if (record.type === 'characterData') changes.push(`${where}: text "${record.oldValue}" → "${record.target.textContent}"`);
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeOldValue: true,
      characterData: true,
      characterDataOldValue: true,
    });
  });
}

describe.skipIf(!hasBrowser).each(islandModes())('hydration (%s)', (_mode, base) => {
  const browser = useBrowser();

  it.each(templates)('$template ($page): islands adopt the server markup without a change', async ({ page: path }) => {
    // Desktop width and a stored consent: the state the server rendered, so nothing has a reason to change.
    const { page, context, errors } = await openPage(browser(), `${base}${path}`, { width: 1440, consent: 'denied' });
    try {
      await page.addInitScript(watchIslands);
      await page.reload();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));
      // Islands wait for idle time, visibility or a visitor; ask for every one now, as a startup module may (hydrateIsland).
      await page.evaluate(() => {
        for (const root of document.querySelectorAll('[data-island]'))
          root.dispatchEvent(new CustomEvent('site:hydrate', { bubbles: true, cancelable: true }));
      });
      await page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrated])').length === 0);
      // Effects run after hydration; let them settle before reading.
      await page.waitForTimeout(300);
      const changes = await page.evaluate(() => (window as unknown as { __islandChanges: string[] }).__islandChanges);
      const islands = await page.locator('[data-island]').count();
      expect(islands).toBeGreaterThan(0);
      // Every island was hydrated, so the watch covered each one's whole hydration.
      expect(await page.locator('[data-island][data-hydrated]').count()).toBe(islands);
      expect(changes, changes.join('\n')).toEqual([]);
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
