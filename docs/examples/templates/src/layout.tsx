import { memo } from 'react';
import type { Catalogue, LayoutProps } from 'stillsite';

/**
 * Computed once per build from the catalogue and shared by every page that asks for it.
 * Declared at the top level of a module, computing from the catalogue alone.
 */
export function guideCount(catalogue: Catalogue): number {
  return catalogue.collection('guides').length;
}

/**
 * Wrapped in `memo`: rendered once per build for each distinct set of props, and written into
 * every page. It depends on its props alone (plain data), never on a context the site provides.
 */
const Footer = memo(function Footer({ name, guides }: { name: string; guides: number }) {
  return (
    <footer>
      {name}: {guides} guides
    </footer>
  );
});

/** Around every page: a menu of the guides in the site's order, the page, and the footer. */
export function Layout({ children, catalogue, route, site }: LayoutProps) {
  const guides = catalogue.collection('guides');
  return (
    <>
      <nav aria-label="Guides">
        <ul>
          {guides.map((guide) => (
            <li key={guide.url}>
              <a href={guide.url} aria-current={guide.url === route.url ? 'page' : undefined}>
                {guide.data.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main>{children}</main>
      <Footer name={site.name} guides={catalogue.derive(guideCount)} />
    </>
  );
}
