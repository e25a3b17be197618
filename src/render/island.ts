import { createElement as h, type ComponentType } from 'react';
import { useSharedMarkup } from './shared-markup.ts';

export interface IslandProps<P extends object> {
  /** The island's name, a key of `SiteDefinition.islands`. */
  name: string;
  component: ComponentType<P>;
  /** Plain data: it travels to the browser as JSON. */
  props: P;
}

/**
 * Renders an interactive component on the server inside a root the client hydrates in place.
 * Props travel as JSON in an attribute: data, never code. The component is rendered on its own,
 * as the browser hydrates it, and once per build for each distinct set of props (see
 * `shared-markup.ts`). The site's CSS should give `[data-island]` `display: contents` so the
 * wrapper does not affect layout.
 */
export function Island<P extends object>({ name, component, props }: IslandProps<P>) {
  const json = JSON.stringify(props);
  const shared = useSharedMarkup();
  if (!shared) return h('div', { 'data-island': name, 'data-props': json }, h(component, props));
  return h('div', { 'data-island': name, 'data-props': json, dangerouslySetInnerHTML: { __html: shared.markupOf(component as ComponentType<object>, props, json) } });
}
