import { createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { islands } from 'site:islands';

const roots = new Map<Element, Root>();

/** Hydrates every island root under `scope` in place; unmounts roots whose elements left the page. */
export async function hydrateIslands(scope: ParentNode): Promise<void> {
  for (const [element, root] of roots) {
    if (!element.isConnected) {
      root.unmount();
      roots.delete(element);
    }
  }
  const pending = [...scope.querySelectorAll<HTMLElement>('[data-island]')].filter((element) => !roots.has(element));
  await Promise.all(
    pending.map(async (element) => {
      const name = element.dataset.island ?? '';
      const load = islands[name];
      if (!load) throw new Error(`No island named "${name}" is registered.`);
      const module = await load();
      const props = JSON.parse(element.dataset.props ?? '{}') as object;
      roots.set(element, hydrateRoot(element, createElement(module.default, props)));
      // preact/compat hydrates synchronously: the island now holds the live component, and what
      // changes in it from here on is the component's own doing (effects), not hydration.
      element.setAttribute('data-hydrated', '');
    }),
  );
}
