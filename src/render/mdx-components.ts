import { createElement as h, type ComponentType } from 'react';
import type { MarkdownDefinition } from '../site/markdown-options.ts';

/**
 * The site's components for every MDX page (`markdown.mdx.components`), as MDX's own `components`
 * prop takes them: a name a file uses without importing it (`<Note>`) is looked up there, and a
 * standard element (`a`, `img`, `pre`, `h2`) is drawn by the component given for it. A file's
 * own import or definition of a name wins: MDX compiles it to the binding, not to the lookup.
 */
export type MdxComponents = Record<string, ComponentType<any>>;

/** The components the site gives every MDX page (none: an empty map). */
export function siteMdxComponents(markdown: MarkdownDefinition | undefined): MdxComponents {
  return markdown?.mdx?.components ?? NONE;
}

const NONE: MdxComponents = Object.freeze({});

/** The names a page may use as `<Name>` without importing them: the site's components that are not standard elements. */
export function providedComponentNames(markdown: MarkdownDefinition | undefined): string[] {
  return Object.keys(siteMdxComponents(markdown)).filter((name) => /^[A-Z]/.test(name));
}

const bound = new WeakMap<ComponentType, WeakMap<MdxComponents, ComponentType>>();

/**
 * An MDX body's component with the site's components given to it, so a template's `<Content />`
 * draws what `html` holds. One per body and map, so rendering it twice gives the same component.
 */
export function withSiteComponents(Content: ComponentType<any>, components: MdxComponents): ComponentType {
  if (components === NONE) return Content;
  let byMap = bound.get(Content);
  if (!byMap) bound.set(Content, (byMap = new WeakMap()));
  let Bound = byMap.get(components);
  if (!Bound) {
    const Body = (props: { components?: MdxComponents }) => h(Content, { ...props, components: { ...components, ...props.components } });
    byMap.set(components, (Bound = Body));
  }
  return Bound;
}
