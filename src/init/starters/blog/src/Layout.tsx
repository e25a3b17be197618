import type { LayoutProps } from 'stillsite';

/** Around every page: a skip link, the site's name, the page, and a footer. */
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
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <p>Built with stillsite.</p>
      </footer>
    </>
  );
}
