import { createContext, createElement as h, useContext, type ComponentType } from 'react';
import { closest } from '../diagnostics/suggest.ts';
import { useSharedMarkup } from './shared-markup.ts';
import type { HydrateStrategy } from '../client/strategies.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

export interface IslandProps<P extends object> {
  /** The island's name, a key of `SiteDefinition.islands`. */
  name: string;
  component: ComponentType<P>;
  /** Plain data: it travels to the browser as JSON. */
  props: P;
  /**
   * When the browser hydrates it (default `'load'`): `'load'` as soon as the page has painted,
   * `'idle'` once the page has loaded and the browser is idle, `'visible'` when it enters the
   * viewport, `'interaction'` only when reached for. Whatever it waits for, the visitor's first
   * pointer, focus or key on it hydrates it at once, and a click or key press it missed is
   * replayed to it (`src/client/replay.ts`).
   */
  hydrate?: HydrateStrategy;
}

/** The island names the site declares, around each page: an `Island` naming another fails its page instead of never hydrating. */
export const DeclaredIslands = createContext<readonly string[] | undefined>(undefined);

/** The names of the islands a page renders, filled in as it renders: the page's bootstrap, rendered after them, reads it (see `Document`). */
export const RenderedIslands = createContext<Set<string> | undefined>(undefined);

/**
 * Renders an interactive component on the server inside a root the client hydrates in place.
 * Props travel as JSON in an attribute: data, never code. The component is rendered on its own,
 * as the browser hydrates it, and once per build for each distinct set of props (see
 * `shared-markup.ts`). The site's CSS should give `[data-island]` `display: contents` so the
 * wrapper does not affect layout.
 */
export function Island<P extends object>({ name, component, props, hydrate }: IslandProps<P>) {
  const declared = useContext(DeclaredIslands);
  if (declared && !declared.includes(name)) throw new UndeclaredIslandError(name, declared);
  useContext(RenderedIslands)?.add(name);
  const json = JSON.stringify(props);
  const shared = useSharedMarkup();
  if (!shared) return h('div', { 'data-island': name, 'data-props': json, 'data-hydrate': hydrate }, h(component, props));
  return h('div', {
    'data-island': name,
    'data-props': json,
    'data-hydrate': hydrate,
    dangerouslySetInnerHTML: { __html: shared.markupOf(component as ComponentType<object>, props, json) },
  });
}

/** An `Island` whose name the site's `islands` does not declare: its page fails, and the mistake is reported at the site's `islands`. */
export class UndeclaredIslandError extends Error {
  readonly island: string;
  readonly declared: readonly string[];
  readonly suggestion: string | undefined;
  constructor(island: string, declared: readonly string[]) {
    const suggestion = closest(island, declared);
    const known = declared.length ? phrase('island-declares', { names: declared.join(', ') }) : phrase('island-declares-none');
    super(
      phrase('island-undeclared', { island, declared: known, suggestion: suggestion ? phrase('island-did-you-mean', { suggestion }) : '' }),
    );
    this.island = island;
    this.declared = declared;
    this.suggestion = suggestion;
  }
}

/**
 * Islands the engine wrote into a page's body as markup (the copy buttons of code blocks,
 * `code-meta.ts`), counted as rendered so the page's bootstrap hydrates them. Renders nothing.
 */
export function BodyIslands({ names }: { names: readonly string[] }) {
  const rendered = useContext(RenderedIslands);
  for (const name of names) rendered?.add(name);
  return null;
}
