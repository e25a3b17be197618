import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';

/** What the islands' chunk gives the client entry: the site's islands and how to hydrate one. */
export interface IslandRuntime {
  /** Names of the islands the chunk holds. */
  names: readonly string[];
  /**
   * Hydrates `root` (its server markup adopted as it is) with the island `name` and `props`;
   * `onHydrated` runs once the island's own effects have run, so what it changes after that is
   * its own doing.
   */
  hydrate(root: HTMLElement, name: string, props: object, onHydrated: () => void): { unmount(): void; update(props: object): void };
}

/** Calls `onHydrated` from an effect: effects run children first, so this one runs last. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render's effects; a new callback is no new hydration.
  useEffect(onHydrated, []);
  return children;
}

/**
 * The runtime over the site's island components, bundled with React's client (or preact/compat,
 * when the site chose it, by aliasing). Hydration is started as a transition, as Astro and Next.js
 * do: React then hydrates in slices of a few milliseconds, yielding to input in between, instead of
 * in one long task.
 */
export function islandRuntime(components: Readonly<Record<string, ComponentType<any>>>): IslandRuntime {
  return {
    names: Object.keys(components),
    hydrate(root, name, props, onHydrated) {
      const component = components[name];
      if (!component) throw new Error(`No island named "${name}" is registered.`);
      const element = (props: object) => createElement(Hydrated, { onHydrated }, createElement(component, props));
      let handle: ReturnType<typeof hydrateRoot> | undefined;
      startTransition(() => {
        handle = hydrateRoot(root, element(props));
      });
      return {
        unmount: () => handle?.unmount(),
        // At once: the router calls it as it swaps a page in, and the new page shows the island's new state.
        update: (next) => flushSync(() => handle?.render(element(next))),
      };
    },
  };
}
