import { createContext, useContext } from 'react';
import type { Crumb } from '../lib/breadcrumbs.ts';

/**
 * The trail of the page being rendered. The layout provides it and the page's hero draws it, so
 * every page template shows breadcrumbs without passing them along.
 */
export const BreadcrumbContext = createContext<readonly Crumb[]>([]);

/** Home › Section › Page as a navigation landmark; nothing on the home page. */
export function Breadcrumbs() {
  const trail = useContext(BreadcrumbContext);
  if (trail.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {trail.map((crumb, i) => (
          <li key={crumb.url}>
            <a href={crumb.url} aria-current={i === trail.length - 1 ? 'page' : undefined}>
              {crumb.name}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
