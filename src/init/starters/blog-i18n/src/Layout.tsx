import { Island, type LayoutProps } from 'stillsite';
import Search from './islands/Search.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import type { StringKey } from './strings.ts';

/**
 * Around every page, in the page's language: a skip link, the site's name (leading to this
 * language's home page), the search (when it is on), the language switcher, the page, a footer.
 * The engine writes `<html lang dir>` for the page's language.
 */
export function Layout({ children, site, locale, translations, t }: LayoutProps<StringKey>) {
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="site-header">
        <a className="site-name" href={locale.home}>
          {site.name}
        </a>
        {site.search ? <Island name="Search" component={Search} props={{}} /> : null}
        <LanguageSwitcher translations={translations} t={t} />
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <p>{t('footer.built')}</p>
      </footer>
    </>
  );
}
