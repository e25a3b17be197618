import type { LayoutProps } from 'stillsite';

/**
 * Links to this page in every language of the site, each named in its own language. A language
 * the page has no translation in leads to that language's home page, and says so.
 */
export function LanguageSwitcher({ translations, t }: Pick<LayoutProps, 'translations' | 't'>) {
  return (
    <nav aria-label={t('switcher.label')} className="switcher">
      <ul>
        {translations.map((translation) => (
          <li key={translation.locale.code}>
            <a
              href={translation.url}
              hrefLang={translation.locale.lang}
              lang={translation.locale.lang}
              aria-current={translation.current ? 'page' : undefined}
            >
              {translation.locale.name}
            </a>
            {translation.missing ? <small>{t('switcher.missing')}</small> : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
