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

/**
 * An MDX body's component with the site's components given to it, so a template's `<Content />`
 * draws what `html` holds; `engine` are the engine's own (the responsive `img`), which the
 * site's components of the same name replace.
 */
export function withSiteComponents(Content: ComponentType<any>, components: MdxComponents, engine: MdxComponents = NONE): ComponentType {
  if (components === NONE && engine === NONE) return Content;
  const given = { ...engine, ...components };
  return (props: { components?: MdxComponents }) => h(Content, { ...props, components: { ...given, ...props.components } });
}
