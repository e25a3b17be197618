import type { ComponentType } from 'react';

export interface IslandProps<P extends object> {
  /** The island's name, a key of `SiteDefinition.islands`. */
  name: string;
  component: ComponentType<P>;
  props: P;
}

/**
 * Renders an interactive component on the server inside a root the client hydrates in place.
 * Props travel as JSON in an attribute: data, never code. The site's CSS should give
 * `[data-island]` `display: contents` so the wrapper does not affect layout.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
