import { Island, type LayoutProps } from 'stillsite';
import Search from './islands/Search.tsx';

/** Around every page: a skip link, the site's name and the search (when it is on), the page, and a footer. */
export function Layout({ children, site }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <a className="site-name" href="/">
          {site.name}
        </a>
        {site.search ? <Island name="Search" component={Search} props={{}} /> : null}
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <p>Built with stillsite.</p>
      </footer>
    </>
  );
}
