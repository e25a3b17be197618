import { Island, type LayoutProps } from 'stillsite';
import Search from './islands/Search.tsx';
import ThemeToggle from './islands/ThemeToggle.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { sidebar } from './sidebar.ts';
import type { StringKey } from './strings.ts';

/** The search's words in the page's language (the engine's island is English without them). */
function searchWords(t: LayoutProps<StringKey>['t']) {
  const words = { close: t('search.close'), more: t('search.more'), prompt: t('search.prompt'), searching: t('search.searching') };
  const found = { failed: t('search.failed'), none: t('search.none'), results: { one: t('search.one'), other: t('search.other') } };
  return { label: t('search.label'), noScript: t('search.noScript'), words: { ...words, ...found } };
}

/**
 * Around every page, in the page's language: a skip link, the header (the search and the theme
 * toggle on its right, then the language switcher), the sidebar of this language and the page. On a narrow
 * screen the sidebar folds into a <details>, which opens and closes without JavaScript. The engine
 * writes `<html lang dir>` for the page's language; the stylesheets' logical properties mirror a
 * right-to-left page.
 */
export function Layout({ children, site, catalogue, route, locale, translations, t }: LayoutProps<StringKey>) {
  const sections = sidebar(catalogue, locale.code);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="site-header">
        <a className="site-name" href={locale.home}>
          <img src="/favicon.svg" alt="" width="24" height="24" />
          {site.name}
        </a>
        <div className="header-actions">
          {site.search ? <Island name="Search" component={Search} props={searchWords(t)} /> : null}
          <Island name="ThemeToggle" component={ThemeToggle} props={{ label: t('theme.dark') }} />
        </div>
        <LanguageSwitcher translations={translations} t={t} />
      </header>
      <div className="site-body">
        <details className="sidebar">
          <summary>{t('sidebar.menu')}</summary>
          <nav aria-label={t('sidebar.label')}>
            {sections.map((section, index) => (
              <section key={section.pages[0]!.url} className="sidebar-section">
                <p className="sidebar-label" id={`sidebar-section-${index}`}>
                  {'key' in section.label ? t(section.label.key) : section.label.folder}
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
