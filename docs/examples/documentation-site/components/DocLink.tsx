import type { ComponentProps } from 'react';

/** Draws every link of the MDX pages (`a` in `markdown.mdx.components`): links to other sites get a marker. */
export function DocLink({ href = '', children, ...rest }: ComponentProps<'a'>) {
  const external = /^https?:/.test(href);
  return (
    <a href={href} {...rest} className={external ? 'external' : undefined}>
      {children}
    </a>
  );
}
