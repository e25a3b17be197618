/** Generated at build time: the site's startup modules, each loaded once, in order. */
declare module 'site:startup' {
  export const startup: Array<{ name: string; load: () => Promise<unknown> }>;
}
/** Generated at build time: loads the chunk with the islands' runtime and components (see `islandRuntime`). */
declare module 'site:island-runtime' {
  import type { IslandRuntime } from './runtime.ts';
  export function loadIslandRuntime(): Promise<IslandRuntime>;
}
/** Generated at build time: the site's island components by name, for the islands' chunk. */
declare module 'site:island-components' {
  import type { ComponentType } from 'react';
  export const components: Record<string, ComponentType<any>>;
}
/** Generated at build time: the router when the site navigates in place (`navigation: 'client'`), else undefined. */
declare module 'site:router' {
  export const startRouter: typeof import('./navigate.ts').startNavigation | undefined;
}
