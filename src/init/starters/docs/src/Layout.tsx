import { Island, type LayoutProps } from 'stillsite';
import Search from './islands/Search.tsx';
import ThemeToggle from './islands/ThemeToggle.tsx';
import { sidebar } from './sidebar.ts';

/**
 * Around every page: a skip link, the header (the search on its right when it is on), the sidebar and the page. On a narrow screen the
 * sidebar folds into a <details> ("Menu"), which opens and closes without JavaScript.
 */
export function Layout({ children, site, catalogue, route }: LayoutProps) {
  const sections = catalogue.derive(sidebar);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <a className="site-name" href="/">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          {site.name}
        </a>
        <div className="header-actions">
          {site.search ? <Island name="Search" component={Search} props={{}} /> : null}
          <Island name="ThemeToggle" component={ThemeToggle} props={{}} />
        </div>
      </header>
      <div className="site-body">
        <details className="sidebar">
          <summary>Menu</summary>
          <nav aria-label="Documentation">
            {sections.map((section, index) => (
              <section key={section.label} className="sidebar-section">
                <p className="sidebar-label" id={`sidebar-section-${index}`}>
                  {section.label}
                </p>
                <ul aria-labelledby={`sidebar-section-${index}`}>
                  {section.pages.map((page) => (
                    <li key={page.url}>
                      <a href={page.url} aria-current={page.url === route.url ? 'page' : undefined}>
                        {page.data.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        </details>
        <main id="main">{children}</main>
      </div>
    </>
  );
}
