import { createContext, createElement as h, useContext, type ComponentType } from 'react';
import { closest } from '../diagnostics/suggest.ts';

/** The island names the site declares, around each page: an `Island` naming another fails its page instead of never hydrating. */
export const DeclaredIslands = createContext<readonly string[] | undefined>(undefined);
import { renderToString } from 'react-dom/server';

export interface IslandProps<P extends object> {
  /** The island's name, a key of `SiteDefinition.islands`. */
  name: string;
  component: ComponentType<P>;
  props: P;
  /**
   * The component's server markup for `props`, made by `componentMarkup` and shared by the pages
   * where it comes out the same (a header that differs only by which link is current). Written
   * inside the wrapper as it is, instead of rendering the component again.
   */
  markup?: string;
}

/**
 * Renders an interactive component on the server inside a root the client hydrates in place.
 * Props travel as JSON in an attribute: data, never code. The site's CSS should give
 * `[data-island]` `display: contents` so the wrapper does not affect layout.
 */
export function Island<P extends object>({ name, component: Component, props, markup }: IslandProps<P>) {
  const declared = useContext(DeclaredIslands);
  if (declared && !declared.includes(name)) throw new Error(undeclaredIsland(name, declared));
  if (markup !== undefined) return h('div', { 'data-island': name, 'data-props': JSON.stringify(props), dangerouslySetInnerHTML: { __html: markup } });
  return h('div', { 'data-island': name, 'data-props': JSON.stringify(props) }, h(Component, props));
}

/** The resource hints React writes ahead of markup rendered on its own (a `<link rel="preload">` for an image). */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/;

/**
 * A component's server markup for `props`, rendered on its own as it comes out inside a page: an
 * island's, to pass to `Island` as its `markup`, or any part of a layout that many pages share
 * (rendered once per build with `catalogue.derive`, then written with `dangerouslySetInnerHTML`).
 * Rendered on its own, React would write resource hints for what the markup loads (images) ahead
 * of it; inside a page they go in the head. They are left out: a page that wants them asks for
 * them itself (`preload` from react-dom).
 */
export function componentMarkup<P extends object>(Component: ComponentType<P>, props: P): string {
  return renderToString(h(Component, props)).replace(LEADING_HINTS, '');
}

function undeclaredIsland(name: string, declared: readonly string[]): string {
  const suggestion = closest(name, declared);
  const known = declared.length ? `it declares ${declared.join(', ')}` : 'it declares none';
  return `the island "${name}" is not among the site's islands (${known}), so it would never hydrate.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`;
}
