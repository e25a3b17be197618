/** Generated at build time: island name → loader of its module. */
declare module 'site:islands' {
  import type { ComponentType } from 'react';
  export const islands: Record<string, () => Promise<{ default: ComponentType<any> }>>;
}
/** Generated at build time: the site's startup modules, each loaded once, in order. */
declare module 'site:startup' {
  export const startup: Array<{ name: string; load: () => Promise<unknown> }>;
}
